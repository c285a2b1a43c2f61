package io.strata.query.jdql;

import io.strata.query.jdql.JdqlToken.Kind;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** The tokens of one query and the parsers' position in them, with the checks and errors the parsers share. */
final class JdqlCursor {
  /** JDQL's keywords, which cannot name a property or an entity (JDQL 1.0 section "Identifiers and keywords"). */
  private static final Set<String> RESERVED = Set.of("SELECT", "UPDATE", "SET", "DELETE", "FROM", "WHERE", "ORDER",
      "BY", "ASC", "DESC", "NOT", "AND", "OR", "BETWEEN", "LIKE", "IN", "NULL", "LOCAL", "TRUE", "FALSE", "IS");

  private final String query;
  private final List<JdqlToken> tokens;
  private int pos;

  JdqlCursor(String query) {
    this.query = query;
    this.tokens = JdqlLexer.tokenize(query);
  }

  String query() {
    return query;
  }

  /** The index of the current token. */
  int position() {
    return pos;
  }

  JdqlToken current() {
    return tokens.get(pos);
  }

  JdqlToken next() {
    return tokens.get(Math.min(pos + 1, tokens.size() - 1));
  }

  JdqlToken previous() {
    return tokens.get(pos - 1);
  }

  /** The current token, stepping past it. */
  JdqlToken advance() {
    return tokens.get(pos++);
  }

  /** Whether the current token is {@code word} (a keyword or contextual word, case-insensitive). */
  boolean at(String word) {
    return current().is(word);
  }

  /** Whether the current token can name a property or an entity: an identifier that is not a keyword. */
  boolean atName() {
    return current().kind() == Kind.IDENTIFIER && !RESERVED.contains(current().text().toUpperCase(Locale.ROOT));
  }

  boolean accept(String word) {
    if (at(word)) {
      pos++;
      return true;
    }
    return false;
  }

  boolean acceptSymbol(Kind kind) {
    if (current().kind() == kind) {
      pos++;
      return true;
    }
    return false;
  }

  void expect(String word, String where) {
    if (!accept(word)) {
      throw error("expected " + word + " " + where);
    }
  }

  void expectSymbol(Kind kind, String why) {
    if (!acceptSymbol(kind)) {
      throw error("expected '" + kind.symbol() + "' " + why);
    }
  }

  JdqlSyntaxException error(String expected) {
    return error(expected, "");
  }

  /** An error at the current token: {@code reason, found <token>suffix}, or just the reason if it names no expectation. */
  JdqlSyntaxException error(String reason, String suffix) {
    String text = reason.startsWith("expected") ? reason + ", found " + current().describe() + suffix : reason;
    return errorAt(current().offset(), text);
  }

  JdqlSyntaxException errorAt(int offset, String reason) {
    return new JdqlSyntaxException(query, offset, reason);
  }

  /** The query's text from offset {@code start} to the end of the token before token {@code end}. */
  String source(int start, int end) {
    JdqlToken last = tokens.get(end - 1);
    return query.substring(start, last.offset() + last.text().length());
  }
}
