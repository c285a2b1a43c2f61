package io.strata.query.jdql;

/**
 * One token of a JDQL query.
 *
 * @param kind what the token is
 * @param text the token's characters as written in the query
 * @param value the token's value: the unescaped contents of a string literal, the name of a named parameter, the
 *     digits of an ordinal parameter, the digits (no suffix, no underscores) of a number; else {@code text}
 * @param offset the 0-based offset of the token's first character in the query
 */
record JdqlToken(Kind kind, String text, String value, int offset) {

  /** The kinds of token: the lexical structure of JDQL 1.0 (keywords are identifiers told apart by the parser). */
  enum Kind {
    IDENTIFIER, STRING, INTEGER, LONG, FLOAT, DOUBLE, NAMED_PARAMETER, ORDINAL_PARAMETER,
    LEFT_PAREN("("), RIGHT_PAREN(")"), COMMA(","), DOT("."), PLUS("+"), MINUS("-"), STAR("*"), SLASH("/"),
    CONCAT("||"), EQUAL("="), NOT_EQUAL("<>"), LESS("<"), LESS_EQUAL("<="), GREATER(">"), GREATER_EQUAL(">="),
    END;

    private final String symbol;

    Kind() {
      this("");
    }

    Kind(String symbol) {
      this.symbol = symbol;
    }

    /** The punctuation or operator this kind stands for, or "" for the kinds that carry their own text. */
    String symbol() {
      return symbol;
    }
  }

  /** Whether this token is the (case-insensitive) keyword or contextual word {@code word}, given in upper case. */
  boolean is(String word) {
    return kind == Kind.IDENTIFIER && text.equalsIgnoreCase(word);
  }

  /** How an error message names this token: {@code 'x'}, {@code the string 'x'}, {@code the end of the query}. */
  String describe() {
    return switch (kind) {
      case END -> "the end of the query";
      case STRING -> "the string " + text;
      case INTEGER, LONG, FLOAT, DOUBLE -> "the number " + text;
      case NAMED_PARAMETER, ORDINAL_PARAMETER -> "the parameter " + text;
      default -> "'" + text + "'";
    };
  }
}
