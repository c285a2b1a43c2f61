package io.strata;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The characters a Strata URL may hold, and percent-decoding (docs: README "Connecting").
 *
 * <ul>
 *   <li>Nowhere: whitespace, control characters or {@code #} (none comes from a well-formed URL; a {@code .properties}
 *       file has no inline comments, so {@code url=...  # note} would otherwise become part of a name).
 *   <li>A path ({@code file:} directory, {@code fdb:} cluster file): any other character; {@code %XX} is decoded (a
 *       space is {@code %20}, a {@code %} is {@code %25}).
 *   <li>A directory name in {@code root=} or {@code tenant=}: only unreserved characters ({@code A-Z a-z 0-9 - . _ ~})
 *       and percent-encodings of other characters, so every name has exactly one spelling: {@code +}, raw reserved
 *       characters and percent-encodings of unreserved characters ({@code %61} for {@code a}) are refused, as is a
 *       {@code /} inside a name; a name is at most {@value #MAX_NAME_BYTES} bytes of UTF-8.
 *   <li>A directory path in {@code root=}: names separated by single {@code /}s, none at either end ({@code a/b}, never
 *       {@code /a/b}, {@code a/b/} or {@code a//b}), at most {@value #MAX_DEPTH} directories with the tenant.
 *   <li>The whole URL: at most {@value #MAX_URL_CHARS} characters.
 * </ul>
 */
final class UrlSyntax {
  /** The longest directory name, in UTF-8 bytes; the directory layer keeps names in keys of at most 10,000 bytes. */
  static final int MAX_NAME_BYTES = 1000;
  /**
   * The most directories a URL may name, root's and the tenant together: the directory layer opens a path in work that
   * grows faster than its depth, and real layouts are a few levels deep.
   */
  static final int MAX_DEPTH = 32;
  /** The longest URL, in characters: room for the longest directory name percent-encoded, and a long file path. */
  static final int MAX_URL_CHARS = 8192;

  private static final String UNRESERVED = "-._~";

  private UrlSyntax() {}

  /** Refuses a URL longer than {@value #MAX_URL_CHARS} characters, before reading any of it (the message quotes its start). */
  static void rejectOverlong(String url) {
    if (url.length() > MAX_URL_CHARS) {
      throw Strata.malformed(url.substring(0, 80) + "…", "it is " + url.length() + " characters long; a Strata URL is at"
          + " most " + MAX_URL_CHARS + " characters (a directory path at most " + MAX_DEPTH + " directories, a name at most "
          + MAX_NAME_BYTES + " bytes)");
    }
  }

  /**
   * The directory names of option {@code root=raw}, each checked and decoded: names separated by single {@code /}s,
   * none at either end, so each directory path has one spelling.
   */
  static List<String> rootNames(String url, String raw) {
    if (raw.startsWith("/") || raw.endsWith("/") || raw.contains("//")) {
      String canonical = Arrays.stream(raw.split("/")).filter(n -> !n.isEmpty()).collect(Collectors.joining("/"));
      throw Strata.malformed(url, "option root=" + raw + " has an empty directory name (a '/' at either end, or '//');"
          + " each directory path has one spelling: write root=" + canonical);
    }
    long depth = raw.chars().filter(c -> c == '/').count() + 1;
    checkDepth(url, depth);
    return Arrays.stream(raw.split("/")).map(name -> decodeName(url, "root", name)).toList();
  }

  /** Refuses a URL naming more than {@value #MAX_DEPTH} directories (root's and the tenant). */
  static void checkDepth(String url, long depth) {
    if (depth > MAX_DEPTH) {
      throw Strata.malformed(url, "it names " + depth + " directories; root= and tenant= name at most " + MAX_DEPTH
          + " together: keep the directory path short (e.g. root=app/v1&tenant=acme)");
    }
  }

  /** Refuses whitespace, control characters and {@code #} anywhere in {@code url}. */
  static void rejectStrayCharacters(String url) {
    for (int i = 0; i < url.length(); i++) {
      char c = url.charAt(i);
      if (Character.isWhitespace(c) || Character.isSpaceChar(c) || Character.isISOControl(c) || c == '#') {
        throw Strata.malformed(url, "it contains " + describe(c) + " at index " + i + ", which no URL holds (a"
            + " .properties file has no comments after a value: put a comment on a line of its own; write a space in"
            + " a path or name as %20 and a '#' as %23)");
      }
    }
  }

  /**
   * A {@code file:} or {@code fdb:} path ({@code backend}) with its percent-encodings decoded, refused when it holds a
   * character no path may hold on this system (a NUL from {@code %00}, or what the platform refuses).
   */
  static String decodePath(String url, String backend, String raw) {
    String path = decode(url, "the path", raw, false);
    try {
      Path.of(path);
    } catch (InvalidPathException e) {
      throw Strata.malformed(url, "the path of " + backend + " decodes to " + describe(path) + ", which is not a path on"
          + " this system (" + e.getReason() + "): a path holds no NUL (%00); percent-encode only characters a file name"
          + " may hold");
    }
    return path;
  }

  /** One directory name of option {@code option}, checked and decoded (see the class comment). */
  static String decodeName(String url, String option, String raw) {
    for (int i = 0; i < raw.length(); i++) {
      char c = raw.charAt(i);
      if (c == '+') {
        throw Strata.malformed(url, "option " + option + " contains '+', which encoders disagree on (a plus or a"
            + " space): write a plus as %2B and a space as %20");
      }
      if (c != '%' && !unreserved(c)) {
        throw Strata.malformed(url, "option " + option + " contains " + describe(c) + ", which must be"
            + " percent-encoded in a name: write " + encode(c) + " (a name holds A-Z a-z 0-9 - . _ ~ and %XX)");
      }
    }
    String name = decode(url, "option " + option, raw, true);
    if (name.contains("/")) {
      throw Strata.malformed(url, "option " + option + " contains an encoded '/' (%2F): a directory name cannot"
          + " contain '/'; separate root's directories with a plain / and give the tenant one name");
    }
    int bytes = name.getBytes(StandardCharsets.UTF_8).length;
    if (bytes > MAX_NAME_BYTES) {
      throw Strata.malformed(url, "option " + option + " names a directory of " + bytes + " bytes; a directory name"
          + " is at most " + MAX_NAME_BYTES + " bytes (UTF-8)");
    }
    return name;
  }

  private static boolean unreserved(int c) {
    return c < 128 && (Character.isLetterOrDigit(c) || UNRESERVED.indexOf(c) >= 0);
  }

  /** Decodes {@code %XX} into UTF-8 bytes; in a name, an encoded unreserved character is refused. */
  private static String decode(String url, String where, String raw, boolean name) {
    if (raw.indexOf('%') < 0) {
      return raw;
    }
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    for (int i = 0; i < raw.length(); ) {
      char c = raw.charAt(i);
      if (c != '%') {
        byte[] plain = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
        bytes.write(plain, 0, plain.length);
        i++;
        continue;
      }
      int b = i + 3 <= raw.length() ? hex(raw.charAt(i + 1), raw.charAt(i + 2)) : -1;
      if (b < 0) {
        String found = raw.substring(i, Math.min(i + 3, raw.length()));
        throw Strata.malformed(url, where + " contains '" + found + "', which is not a percent-encoding: '%' must be"
            + " followed by two hexadecimal digits, e.g. %20 for a space or %25 for '%'");
      }
      if (name && unreserved(b)) {
        throw Strata.malformed(url, where + " contains " + raw.substring(i, i + 3) + ", an encoded '" + (char) b
            + "': write '" + (char) b + "' as itself, so that each name has one spelling");
      }
      bytes.write(b);
      i += 3;
    }
    try {
      return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes.toByteArray())).toString();
    } catch (CharacterCodingException e) {
      throw Strata.malformed(url, where + " decodes to bytes that are not UTF-8: percent-encode each character as"
          + " its UTF-8 bytes, e.g. %C3%A9 for 'é'");
    }
  }

  private static int hex(char high, char low) {
    int h = Character.digit(high, 16);
    int l = Character.digit(low, 16);
    return h < 0 || l < 0 ? -1 : h * 16 + l;
  }

  /** {@code text} quoted, each control character written as {@code <U+XXXX>}, so a message shows what was decoded. */
  private static String describe(String text) {
    StringBuilder out = new StringBuilder("'");
    for (char c : text.toCharArray()) {
      out.append(Character.isISOControl(c) ? String.format(Locale.ROOT, "<U+%04X>", (int) c) : String.valueOf(c));
    }
    return out.append('\'').toString();
  }

  private static String describe(char c) {
    if (c == ' ') {
      return "a space";
    }
    if (Character.isWhitespace(c) || Character.isISOControl(c) || Character.isSpaceChar(c)) {
      return String.format(Locale.ROOT, "the character U+%04X", (int) c);
    }
    return "'" + c + "'";
  }

  private static String encode(char c) {
    StringBuilder out = new StringBuilder();
    for (byte b : String.valueOf(c).getBytes(StandardCharsets.UTF_8)) {
      out.append(String.format(Locale.ROOT, "%%%02X", b & 0xff));
    }
    return out.toString();
  }
}
