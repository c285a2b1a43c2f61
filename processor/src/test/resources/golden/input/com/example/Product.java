package com.example;

import io.strata.annotations.Indexed;
import jakarta.nosql.Column;
import jakarta.nosql.Entity;
import jakarta.nosql.Id;

@Entity
public class Product {
  public enum Kind { TOOL, FOOD }

  @Id private long id;
  @Column private String name;
  @Indexed @Column private Kind kind;
  @Column private char grade;
  @Column private boolean isFragile;
  @Indexed @Column private Double price;
  private String note;

  public long getId() {
    return id;
  }

  public void setId(long id) {
    this.id = id;
  }

  public String getName() {
    return name;
  }

  public void setName(String name) {
    this.name = name;
  }

  public Kind getKind() {
    return kind;
  }

  public void setKind(Kind kind) {
    this.kind = kind;
  }

  public char getGrade() {
    return grade;
  }

  public void setGrade(char grade) {
    this.grade = grade;
  }

  public boolean isFragile() {
    return isFragile;
  }

  public void setFragile(boolean isFragile) {
    this.isFragile = isFragile;
  }

  public Double getPrice() {
    return price;
  }

  public void setPrice(Double price) {
    this.price = price;
  }

  public String getNote() {
    return note;
  }

  public void setNote(String note) {
    this.note = note;
  }
}
