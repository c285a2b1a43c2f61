package io.strata.query.jdql;

import io.strata.query.jdql.JdqlToken.Kind;
import java.util.ArrayList;
import java.util.List;

/**
 * Splits a JDQL query into {@link JdqlToken}s, ending with one {@link Kind#END} token. Follows the lexical structure
 * of Jakarta Data 1.0: Java identifiers (keywords are identifiers; the parser tells them apart, case-insensitively),
 * {@code 'strings'} with {@code ''} for a quote, Java decimal integer and floating-point literals (underscores
 * between digits and the suffixes {@code L}, {@code F}, {@code D} allowed; no octal or hexadecimal), {@code :name}
 * and {@code ?1} parameters, the operators {@code + - * / || = <> < <= > >=} and {@code ( ) , .}. Space, tab, line
 * feed, form feed and carriage return separate tokens.
 */
final class JdqlLexer {
  private final String query;
  private int pos;

  private JdqlLexer(String query) {
    this.query = query;
  }

  /** The tokens of {@code query}; throws {@link JdqlSyntaxException} at the first character that starts no token. */
  static List<JdqlToken> tokenize(String query) {
    JdqlLexer lexer = new JdqlLexer(query);
    List<JdqlToken> tokens = new ArrayList<>();
    JdqlToken token;
    do {
      token = lexer.next();
      tokens.add(token);
    } while (token.kind() != Kind.END);
    return List.copyOf(tokens);
  }

  private JdqlToken next() {
    while (pos < query.length() && isWhitespace(query.charAt(pos))) {
      pos++;
    }
    int start = pos;
    if (pos == query.length()) {
      return new JdqlToken(Kind.END, "", "", start);
    }
    char c = query.charAt(pos);
    if (Character.isJavaIdentifierStart(c)) {
      pos++;
      while (pos < query.length() && Character.isJavaIdentifierPart(query.charAt(pos))) {
        pos++;
      }
      return token(Kind.IDENTIFIER, start);
    }
    if (isDigit(c) || (c == '.' && pos + 1 < query.length() && isDigit(query.charAt(pos + 1)))) {
      return number(start);
    }
    return switch (c) {
      case '\'' -> string(start);
      case ':' -> namedParameter(start);
      case '?' -> ordinalParameter(start);
      case '(' -> symbol(Kind.LEFT_PAREN, start, 1);
      case ')' -> symbol(Kind.RIGHT_PAREN, start, 1);
      case ',' -> symbol(Kind.COMMA, start, 1);
      case '.' -> symbol(Kind.DOT, start, 1);
      case '+' -> symbol(Kind.PLUS, start, 1);
      case '-' -> symbol(Kind.MINUS, start, 1);
      case '*' -> symbol(Kind.STAR, start, 1);
      case '/' -> symbol(Kind.SLASH, start, 1);
      case '=' -> symbol(Kind.EQUAL, start, 1);
      case '<' -> lookingAt("<>") ? symbol(Kind.NOT_EQUAL, start, 2)
          : lookingAt("<=") ? symbol(Kind.LESS_EQUAL, start, 2) : symbol(Kind.LESS, start, 1);
      case '>' -> lookingAt(">=") ? symbol(Kind.GREATER_EQUAL, start, 2) : symbol(Kind.GREATER, start, 1);
      case '|' -> {
        if (lookingAt("||")) {
          yield symbol(Kind.CONCAT, start, 2);
        }
        throw error(start, "'|' is not an operator: write '||' to concatenate strings, OR for a logical or");
      }
      case '!' -> throw error(start, lookingAt("!=") ? "'!=' is not JDQL: write '<>' for 'not equal'"
          : "'!' is not JDQL: write NOT");
      case '"' -> throw error(start, "strings are quoted with ' in JDQL, not \" (write 'text'; '' is a quote inside)");
      default -> throw error(start, "unexpected character '" + c + "'");
    };
  }

  private JdqlToken string(int start) {
    StringBuilder value = new StringBuilder();
    pos++;
    while (true) {
      if (pos == query.length()) {
        throw error(start, "the string starting here is not closed: end it with ' (write '' for a quote inside it)");
      }
      char c = query.charAt(pos++);
      if (c == '\'') {
        if (pos < query.length() && query.charAt(pos) == '\'') {
          value.append('\'');
          pos++;
        } else {
          return new JdqlToken(Kind.STRING, query.substring(start, pos), value.toString(), start);
        }
      } else {
        value.append(c);
      }
    }
  }

  private JdqlToken namedParameter(int start) {
    pos++;
    if (pos == query.length() || !Character.isJavaIdentifierStart(query.charAt(pos))) {
      throw error(pos, "expected a parameter name after ':' (e.g. :name), found " + describeCharAt(pos));
    }
    while (pos < query.length() && Character.isJavaIdentifierPart(query.charAt(pos))) {
      pos++;
    }
    return new JdqlToken(Kind.NAMED_PARAMETER, query.substring(start, pos), query.substring(start + 1, pos), start);
  }

  private JdqlToken ordinalParameter(int start) {
    pos++;
    if (pos == query.length() || !isDigit(query.charAt(pos))) {
      throw error(pos, "expected the number of a parameter after '?' (e.g. ?1), found " + describeCharAt(pos));
    }
    while (pos < query.length() && isDigit(query.charAt(pos))) {
      pos++;
    }
    rejectIdentifierRightAfter(start);
    return new JdqlToken(Kind.ORDINAL_PARAMETER, query.substring(start, pos), query.substring(start + 1, pos), start);
  }

  private JdqlToken number(int start) {
    digits(start);
    boolean decimal = false;
    if (pos < query.length() && query.charAt(pos) == '.') {
      decimal = true;
      pos++;
      digits(start);
    }
    if (pos < query.length() && (query.charAt(pos) == 'e' || query.charAt(pos) == 'E')) {
      decimal = true;
      pos++;
      if (pos < query.length() && (query.charAt(pos) == '+' || query.charAt(pos) == '-')) {
        pos++;
      }
      if (pos == query.length() || !isDigit(query.charAt(pos))) {
        throw error(pos, "expected the digits of an exponent, found " + describeCharAt(pos));
      }
      digits(start);
    }
    int end = pos;
    Kind kind = decimal ? Kind.DOUBLE : Kind.INTEGER;
    if (pos < query.length()) {
      char suffix = query.charAt(pos);
      if ((suffix == 'l' || suffix == 'L') && !decimal) {
        kind = Kind.LONG;
        pos++;
      } else if (suffix == 'f' || suffix == 'F') {
        kind = Kind.FLOAT;
        pos++;
      } else if (suffix == 'd' || suffix == 'D') {
        kind = Kind.DOUBLE;
        pos++;
      }
    }
    rejectIdentifierRightAfter(start);
    return new JdqlToken(kind, query.substring(start, pos), query.substring(start, end).replace("_", ""), start);
  }

  /** Consumes digits and underscores, where an underscore must sit between two digits, as in Java. */
  private void digits(int numberStart) {
    while (pos < query.length() && (isDigit(query.charAt(pos)) || query.charAt(pos) == '_')) {
      if (query.charAt(pos) == '_'
          && (pos == numberStart || !isDigit(query.charAt(pos - 1)) && query.charAt(pos - 1) != '_'
              || pos + 1 == query.length() || !isDigit(query.charAt(pos + 1)) && query.charAt(pos + 1) != '_')) {
        throw error(pos, "'_' in a number must stand between two digits");
      }
      pos++;
    }
  }

  private void rejectIdentifierRightAfter(int start) {
    if (pos < query.length() && Character.isJavaIdentifierPart(query.charAt(pos))) {
      throw error(pos, "unexpected character '" + query.charAt(pos) + "' right after " + query.substring(start, pos)
          + ": separate them with a space");
    }
  }

  private boolean lookingAt(String text) {
    return query.startsWith(text, pos);
  }

  private JdqlToken symbol(Kind kind, int start, int length) {
    pos = start + length;
    return token(kind, start);
  }

  private JdqlToken token(Kind kind, int start) {
    String text = query.substring(start, pos);
    return new JdqlToken(kind, text, text, start);
  }

  private String describeCharAt(int at) {
    return at == query.length() ? "the end of the query" : "'" + query.charAt(at) + "'";
  }

  private JdqlSyntaxException error(int at, String reason) {
    return new JdqlSyntaxException(query, at, reason);
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  private static boolean isWhitespace(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r';
  }
}
