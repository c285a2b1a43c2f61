package com.example;

import io.strata.row.Elements;
import io.strata.row.EntityCodec;
import java.util.List;
import javax.annotation.processing.Generated;

/**
 * Converts {@link Device} to and from the tuple elements of its stored fields [serial, owner, battery, online].
 * Use {@link #INSTANCE} as an {@code io.strata.Codec} with the recipe layers.
 */
@Generated("io.strata.processor.StrataProcessor")
public final class DeviceCodec extends EntityCodec<Device> {
  public static final DeviceCodec INSTANCE = new DeviceCodec();

  private DeviceCodec() {
    super("Device", List.of("serial", "owner", "battery", "online"), 0);
  }

  @Override
  public Object[] toElements(Device e) {
    return new Object[] {
          e.getSerial(),
          e.getOwner(),
          Elements.ofFloating(e.getBattery()),
          e.isOnline()};
  }

  @Override
  public Device fromElements(Object[] el) {
    long f_serial = el[0] == null ? 0 : Elements.toLong(el[0]);
    String f_owner = el[1] == null ? null : Elements.toStr(el[1]);
    Double f_battery = el[2] == null ? null : Elements.toDouble(el[2]);
    boolean f_online = el[3] == null ? false : Elements.toBoolean(el[3]);
    Device e = new Device();
    e.setSerial(f_serial);
    e.setOwner(f_owner);
    e.setBattery(f_battery);
    e.setOnline(f_online);
    return e;
  }
}
