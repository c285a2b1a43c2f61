package com.example;

import io.strata.annotations.Entity;
import io.strata.annotations.Id;
import io.strata.annotations.Indexed;
import io.strata.annotations.Transient;

@Entity(columnMajor = true)
public class Device {
  @Id private long serial;
  @Indexed private String owner;
  private Double battery;
  private boolean online;
  @Transient private String label;

  public long getSerial() {
    return serial;
  }

  public void setSerial(long serial) {
    this.serial = serial;
  }

  public String getOwner() {
    return owner;
  }

  public void setOwner(String owner) {
    this.owner = owner;
  }

  public Double getBattery() {
    return battery;
  }

  public void setBattery(Double battery) {
    this.battery = battery;
  }

  public boolean isOnline() {
    return online;
  }

  public void setOnline(boolean online) {
    this.online = online;
  }
}
