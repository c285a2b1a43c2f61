package io.strata.cli;

import com.apple.foundationdb.tuple.Tuple;
import com.apple.foundationdb.tuple.Versionstamp;
import io.strata.processor.model.Encoding;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Tuple elements as JSON and back, losslessly, so an exported row imports into the same keys. JSON's own types
 * carry integers, doubles, strings, booleans, arrays (nested tuples, lists) and objects (documents); the other
 * tuple types are one-key objects: {@code {"$bytes": base64}}, {@code {"$uuid": "..."}}, {@code {"$float": "1.5"}},
 * {@code {"$double": "NaN"}} and {@code {"$versionstamp": hex}}. A {@code geo-point} field is
 * {@code {"lat": .., "lon": ..}} and a {@code point} {@code {"x": .., "y": ..}}, as the schema's encoding says.
 */
final class RowJson {
  private RowJson() {}

  /** A field's stored element as JSON, read with its {@code encoding} (null: no encoding known). */
  static Object toJson(Object element, Encoding encoding) {
    if (encoding != null && element != null && (encoding.name().equals("geo-point") || encoding.name().equals("point"))) {
      List<Object> items = element instanceof Tuple t ? t.getItems() : element instanceof List<?> l ? new ArrayList<>(l) : null;
      if (items != null && items.size() == 2) {
        boolean geo = encoding.name().equals("geo-point");
        Map<String, Object> point = new LinkedHashMap<>();
        point.put(geo ? "lat" : "x", toJson(items.get(0), null));
        point.put(geo ? "lon" : "y", toJson(items.get(1), null));
        return point;
      }
    }
    return toJson(element);
  }

  /** Any tuple element (or document value) as JSON. */
  static Object toJson(Object element) {
    if (element == null || element instanceof String || element instanceof Boolean || element instanceof Long
        || element instanceof Integer || element instanceof BigInteger) {
      return element;
    }
    if (element instanceof Double d) {
      return Double.isFinite(d) ? d : typed("$double", d.toString());
    }
    if (element instanceof Float f) {
      return typed("$float", f.toString());
    }
    if (element instanceof byte[] bytes) {
      return typed("$bytes", Base64.getEncoder().encodeToString(bytes));
    }
    if (element instanceof UUID u) {
      return typed("$uuid", u.toString());
    }
    if (element instanceof Versionstamp v) {
      return typed("$versionstamp", HexFormat.of().formatHex(v.getBytes()));
    }
    if (element instanceof Tuple t) {
      return toJson(t.getItems());
    }
    if (element instanceof List<?> list) {
      List<Object> out = new ArrayList<>(list.size());
      list.forEach(item -> out.add(toJson(item)));
      return out;
    }
    if (element instanceof Map<?, ?> map) {
      Map<String, Object> out = new LinkedHashMap<>();
      map.forEach((k, v) -> out.put(String.valueOf(k), toJson(v)));
      return out;
    }
    return element.toString();
  }

  private static Map<String, Object> typed(String type, String value) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put(type, value);
    return out;
  }

  /**
   * A field's JSON value as the element its {@code encoding} stores.
   *
   * @throws IllegalArgumentException naming what does not fit
   */
  static Object toElement(Object json, Encoding encoding) {
    if (json == null) {
      return null;
    }
    String kind = encoding.name();
    if ((kind.equals("geo-point") || kind.equals("point")) && json instanceof Map<?, ?> point) {
      boolean geo = kind.equals("geo-point");
      return Tuple.from(number(point.get(geo ? "lat" : "x"), geo ? "lat" : "x"), number(point.get(geo ? "lon" : "y"), geo ? "lon" : "y"));
    }
    if (kind.equals("floating") && json instanceof Long l) {
      return l.doubleValue();
    }
    if (kind.startsWith("document")) {
      return document(json);
    }
    return toElement(json);
  }

  private static double number(Object json, String name) {
    if (json instanceof Number n) {
      return n.doubleValue();
    }
    throw new IllegalArgumentException("'" + name + "' must be a number, found " + Json.write(json));
  }

  /** A JSON value as a tuple element: arrays become nested tuples, the one-key {@code $} objects their types. */
  static Object toElement(Object json) {
    if (json instanceof Map<?, ?> map) {
      Object special = special(map);
      if (special != null) {
        return special;
      }
      throw new IllegalArgumentException("an object " + Json.write(json) + " where a tuple value belongs (objects are"
          + " documents, or one of $bytes, $uuid, $float, $double, $versionstamp)");
    }
    if (json instanceof List<?> list) {
      List<Object> items = new ArrayList<>(list.size());
      list.forEach(item -> items.add(toElement(item)));
      return Tuple.fromList(items);
    }
    return json;
  }

  /** A document value: objects stay maps (in their order), arrays lists, the {@code $} objects their types. */
  private static Object document(Object json) {
    if (json instanceof Map<?, ?> map) {
      Object special = special(map);
      if (special != null) {
        return special;
      }
      Map<String, Object> out = new LinkedHashMap<>();
      map.forEach((k, v) -> out.put((String) k, document(v)));
      return out;
    }
    if (json instanceof List<?> list) {
      List<Object> out = new ArrayList<>(list.size());
      list.forEach(item -> out.add(document(item)));
      return out;
    }
    return json;
  }

  private static Object special(Map<?, ?> map) {
    if (map.size() != 1 || !(map.values().iterator().next() instanceof String value)) {
      return null;
    }
    try {
      return switch ((String) map.keySet().iterator().next()) {
        case "$bytes" -> Base64.getDecoder().decode(value);
        case "$uuid" -> UUID.fromString(value);
        case "$float" -> Float.parseFloat(value);
        case "$double" -> Double.parseDouble(value);
        case "$versionstamp" -> Versionstamp.fromBytes(HexFormat.of().parseHex(value));
        default -> null;
      };
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(Json.write(map) + " does not hold a valid value: " + e.getMessage(), e);
    }
  }
}
