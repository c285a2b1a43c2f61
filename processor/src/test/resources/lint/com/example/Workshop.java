package com.example;

import io.strata.Point;
import io.strata.annotations.Blob;
import io.strata.annotations.Document;
import io.strata.annotations.Entity;
import io.strata.annotations.Id;
import io.strata.annotations.Index;
import io.strata.annotations.Indexed;
import java.util.List;
import java.util.Map;

/** A class entity with every field kind the record fixtures do not cover: a grid point, a blob and documents. */
@Entity(name = "Shop")
@Index(name = "byKindSize", fields = {"kind", "size"})
public class Workshop {
  @Id private int number;
  @Indexed(unique = true) private String code;
  private String kind;
  private short size;
  @Indexed private float rating;
  @io.strata.annotations.Spatial private Point spot;
  @Blob(chunkSize = 64) private byte[] logo;
  @Document private Map<String, Object> settings;
  @Document private List<Object> history;

  public Workshop() {}

  public int getNumber() { return number; }
  public void setNumber(int number) { this.number = number; }
  public String getCode() { return code; }
  public void setCode(String code) { this.code = code; }
  public String getKind() { return kind; }
  public void setKind(String kind) { this.kind = kind; }
  public short getSize() { return size; }
  public void setSize(short size) { this.size = size; }
  public float getRating() { return rating; }
  public void setRating(float rating) { this.rating = rating; }
  public Point getSpot() { return spot; }
  public void setSpot(Point spot) { this.spot = spot; }
  public byte[] getLogo() { return logo; }
  public void setLogo(byte[] logo) { this.logo = logo; }
  public Map<String, Object> getSettings() { return settings; }
  public void setSettings(Map<String, Object> settings) { this.settings = settings; }
  public List<Object> getHistory() { return history; }
  public void setHistory(List<Object> history) { this.history = history; }
}
