package io.strata.cli;

import com.apple.foundationdb.tuple.Tuple;
import com.apple.foundationdb.tuple.Versionstamp;
import io.strata.query.schema.Encoding;
import io.strata.row.Elements;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
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
 * {@code {"$double": "NaN"}} and {@code {"$versionstamp": hex}}. As the schema's encoding says, a {@code geo-point}
 * field is {@code {"lat": .., "lon": ..}} and a {@code point} {@code {"x": .., "y": ..}}; instants, dates, date-times,
 * times and durations are ISO-8601 strings ({@code "2024-05-01T12:30:00Z"}, {@code "2024-05-01"},
 * {@code "2024-05-01T12:30"}, {@code "12:30"}, {@code "PT1H30M"}), decimals strings ({@code "12.50"}, scale kept) and
 * enums their constant's name.
 */
final class RowJson {
  private RowJson() {}

  /**
   * A field's stored element as JSON, read with its {@code encoding} (null: no encoding known): points as objects,
   * dates and times as ISO-8601 strings, decimals as strings, and the items of collections and nested records each
   * with its own encoding.
   */
  static Object toJson(Object element, Encoding encoding) {
    if (encoding == null || element == null) {
      return toJson(element);
    }
    switch (encoding.name()) {
      case "geo-point", "point" -> {
        List<Object> items = items(element);
        if (items != null && items.size() == 2) {
          boolean geo = encoding.name().equals("geo-point");
          Map<String, Object> point = new LinkedHashMap<>();
          point.put(geo ? "lat" : "x", toJson(items.get(0), null));
          point.put(geo ? "lon" : "y", toJson(items.get(1), null));
          return point;
        }
      }
      case "instant" -> {
        return Elements.toInstant(element).toString();
      }
      case "local-date" -> {
        return Elements.toLocalDate(element).toString();
      }
      case "local-date-time" -> {
        return Elements.toLocalDateTime(element).toString();
      }
      case "local-time" -> {
        return Elements.toLocalTime(element).toString();
      }
      case "duration" -> {
        return Elements.toDuration(element).toString();
      }
      case "decimal" -> {
        return Elements.toBigDecimal(element).toString();
      }
      case "collection", "tuple" -> {
        List<Object> items = items(element);
        boolean collection = encoding.name().equals("collection");
        if (items != null && (collection || items.size() == encoding.parts().size())) {
          List<Object> out = new ArrayList<>(items.size());
          for (int i = 0; i < items.size(); i++) {
            out.add(toJson(items.get(i), encoding.parts().get(collection ? 0 : i)));
          }
          return out;
        }
      }
      default -> {
      }
    }
    return toJson(element);
  }

  /** The items of a nested tuple (the tuple layer reads one back as a list), or null for another element. */
  private static List<Object> items(Object element) {
    return element instanceof Tuple t ? t.getItems() : element instanceof List<?> l ? new ArrayList<>(l) : null;
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
   * A field's JSON value as the element its {@code encoding} stores: the forms {@link #toJson(Object, Encoding)}
   * writes, and for dates and times also the integers LAYOUTS.md stores (exports written before the ISO forms).
   *
   * @throws IllegalArgumentException naming what does not fit and the form expected
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
    if (json instanceof String text) {
      switch (kind) {
        case "instant" -> {
          return parsed(text, "an instant such as 2024-05-01T12:30:00Z", () -> Elements.ofInstant(Instant.parse(text)));
        }
        case "local-date" -> {
          return parsed(text, "a date such as 2024-05-01", () -> Elements.ofLocalDate(LocalDate.parse(text)));
        }
        case "local-date-time" -> {
          return parsed(text, "a date and time such as 2024-05-01T12:30:00", () -> Elements.ofLocalDateTime(LocalDateTime.parse(text)));
        }
        case "local-time" -> {
          return parsed(text, "a time such as 12:30:00", () -> Elements.ofLocalTime(LocalTime.parse(text)));
        }
        case "duration" -> {
          return parsed(text, "a duration such as PT1H30M", () -> Elements.ofDuration(Duration.parse(text)));
        }
        case "decimal" -> {
          return parsed(text, "a decimal such as \"12.50\"", () -> Elements.ofBigDecimal(new BigDecimal(text)));
        }
        case "enum" -> {
          List<String> constants = encoding.parts().stream().map(Encoding::name).toList();
          if (!constants.isEmpty() && !constants.contains(text)) {
            throw new IllegalArgumentException("\"" + text + "\" is not a constant of the enum; give one of " + constants);
          }
          return text;
        }
        default -> {
        }
      }
    }
    if (kind.equals("decimal") && json instanceof Number n) {
      return Elements.ofBigDecimal(new BigDecimal(n.toString()));
    }
    if ((kind.equals("collection") || kind.equals("tuple")) && json instanceof List<?> list
        && (kind.equals("collection") || list.size() == encoding.parts().size())) {
      List<Object> items = new ArrayList<>(list.size());
      for (int i = 0; i < list.size(); i++) {
        items.add(toElement(list.get(i), encoding.parts().get(kind.equals("collection") ? 0 : i)));
      }
      return Tuple.fromList(items);
    }
    return toElement(json);
  }

  /** {@code parse}'s element, or an error quoting {@code text} and the form {@code expected}. */
  private static Object parsed(String text, String expected, java.util.function.Supplier<Object> parse) {
    try {
      return parse.get();
    } catch (RuntimeException e) { // DateTimeParseException, NumberFormatException, a value out of the stored range
      throw new IllegalArgumentException("\"" + text + "\" is not " + expected + " (ISO-8601): " + e.getMessage(), e);
    }
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
