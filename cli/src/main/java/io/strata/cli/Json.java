package io.strata.cli;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JSON the tool reads and writes: objects ({@link Map}, in their order), arrays ({@link List}), strings,
 * numbers (an integer as {@link Long} or {@link BigInteger}, anything with a fraction or exponent as
 * {@link Double}, so a double stored as {@code 3.0} is written {@code 3.0} and read back as a double), booleans
 * and null. One value per line in JSON Lines.
 */
final class Json {
  private Json() {}

  static String write(Object value) {
    StringBuilder out = new StringBuilder();
    write(out, value);
    return out.toString();
  }

  static void write(StringBuilder out, Object value) {
    if (value == null) {
      out.append("null");
    } else if (value instanceof String s) {
      string(out, s);
    } else if (value instanceof Double d) {
      out.append(Double.isFinite(d) ? d.toString() : "\"" + d + "\"");
    } else if (value instanceof Float f) {
      out.append(Float.isFinite(f) ? f.toString() : "\"" + f + "\"");
    } else if (value instanceof Number || value instanceof Boolean) {
      out.append(value);
    } else if (value instanceof Map<?, ?> map) {
      out.append('{');
      boolean first = true;
      for (var e : map.entrySet()) {
        out.append(first ? "" : ",");
        first = false;
        string(out, String.valueOf(e.getKey()));
        out.append(':');
        write(out, e.getValue());
      }
      out.append('}');
    } else if (value instanceof List<?> list) {
      out.append('[');
      for (int i = 0; i < list.size(); i++) {
        out.append(i == 0 ? "" : ",");
        write(out, list.get(i));
      }
      out.append(']');
    } else {
      string(out, value.toString());
    }
  }

  private static void string(StringBuilder out, String s) {
    out.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        default -> {
          if (c < 0x20 || c == 0x2028 || c == 0x2029) {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    out.append('"');
  }

  /** Parses one JSON value; {@code what} names the input in the message of a {@link IllegalArgumentException}. */
  static Object parse(String text, String what) {
    Parser p = new Parser(text, what);
    p.spaces();
    Object value = p.value();
    p.spaces();
    if (p.pos != text.length()) {
      throw p.fail("unexpected text after the value");
    }
    return value;
  }

  private static final class Parser {
    private final String text;
    private final String what;
    private int pos;

    Parser(String text, String what) {
      this.text = text;
      this.what = what;
    }

    Object value() {
      if (pos >= text.length()) {
        throw fail("a value is missing");
      }
      char c = text.charAt(pos);
      return switch (c) {
        case '{' -> object();
        case '[' -> array();
        case '"' -> string();
        case 't' -> word("true", Boolean.TRUE);
        case 'f' -> word("false", Boolean.FALSE);
        case 'n' -> word("null", null);
        default -> number();
      };
    }

    private Map<String, Object> object() {
      Map<String, Object> out = new LinkedHashMap<>();
      pos++;
      spaces();
      if (peek('}')) {
        pos++;
        return out;
      }
      while (true) {
        spaces();
        if (!peek('"')) {
          throw fail("expected a quoted name");
        }
        String name = string();
        spaces();
        expect(':');
        spaces();
        out.put(name, value());
        spaces();
        if (peek(',')) {
          pos++;
        } else {
          expect('}');
          return out;
        }
      }
    }

    private List<Object> array() {
      List<Object> out = new ArrayList<>();
      pos++;
      spaces();
      if (peek(']')) {
        pos++;
        return out;
      }
      while (true) {
        spaces();
        out.add(value());
        spaces();
        if (peek(',')) {
          pos++;
        } else {
          expect(']');
          return out;
        }
      }
    }

    private String string() {
      StringBuilder out = new StringBuilder();
      pos++;
      while (pos < text.length()) {
        char c = text.charAt(pos++);
        if (c == '"') {
          return out.toString();
        }
        if (c != '\\') {
          out.append(c);
          continue;
        }
        if (pos >= text.length()) {
          break;
        }
        char e = text.charAt(pos++);
        switch (e) {
          case 'n' -> out.append('\n');
          case 'r' -> out.append('\r');
          case 't' -> out.append('\t');
          case 'b' -> out.append('\b');
          case 'f' -> out.append('\f');
          case 'u' -> {
            if (pos + 4 > text.length()) {
              throw fail("a \\u escape needs four hex digits");
            }
            try {
              out.append((char) Integer.parseInt(text.substring(pos, pos + 4), 16));
            } catch (NumberFormatException ex) {
              throw fail("a \\u escape needs four hex digits");
            }
            pos += 4;
          }
          default -> out.append(e);
        }
      }
      throw fail("a string is not closed");
    }

    private Object word(String word, Object value) {
      if (!text.startsWith(word, pos)) {
        throw fail("unexpected '" + text.charAt(pos) + "'");
      }
      pos += word.length();
      return value;
    }

    private Object number() {
      int start = pos;
      while (pos < text.length() && "+-0123456789.eE".indexOf(text.charAt(pos)) >= 0) {
        pos++;
      }
      String n = text.substring(start, pos);
      if (n.isEmpty()) {
        throw fail("unexpected '" + text.charAt(pos) + "'");
      }
      try {
        if (n.contains(".") || n.contains("e") || n.contains("E")) {
          return Double.parseDouble(n);
        }
        BigInteger big = new BigDecimal(n).toBigIntegerExact();
        return big.bitLength() < 64 ? (Object) big.longValue() : big;
      } catch (NumberFormatException | ArithmeticException e) {
        throw fail("'" + n + "' is not a number");
      }
    }

    void spaces() {
      while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
        pos++;
      }
    }

    private boolean peek(char c) {
      return pos < text.length() && text.charAt(pos) == c;
    }

    private void expect(char c) {
      if (!peek(c)) {
        throw fail("expected '" + c + "'");
      }
      pos++;
    }

    IllegalArgumentException fail(String problem) {
      return new IllegalArgumentException(what + " is not valid JSON at character " + (pos + 1) + ": " + problem);
    }
  }
}
