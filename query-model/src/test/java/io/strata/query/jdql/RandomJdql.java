package io.strata.query.jdql;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * Writes random valid JDQL, as a list of pieces (words and symbols) to be joined with whitespace: every statement
 * form, conditions and values nested to a bounded depth, keywords in random case. Used to check that the parser
 * accepts what the grammar allows and to mutate valid queries into nearly valid ones.
 */
final class RandomJdql {
  private static final String[] PATHS = {"a", "b", "price", "address.city", "length", "count", "x.y.Color.RED"};
  private static final String[] LITERALS = {"'s'", "''", "'it''s'", "'%x_'", "0", "42", "2147483647", "3L", "1.5",
      "2e3", ".5", "4f", "1_000", "0.0d"};
  private static final String[] COMPARATORS = {"=", "<>", "<", "<=", ">", ">="};
  private static final String[] OPERATORS = {"+", "-", "*", "/", "||"};

  private final Random random;
  private final boolean named;
  private final List<String> pieces = new ArrayList<>();

  private RandomJdql(long seed) {
    this.random = new Random(seed);
    this.named = random.nextBoolean();
  }

  /** The pieces of one random valid statement. */
  static List<String> statement(long seed) {
    RandomJdql out = new RandomJdql(seed);
    out.statement();
    return out.pieces;
  }

  private void statement() {
    switch (random.nextInt(4)) {
      case 0 -> {
        word("UPDATE");
        add("Box");
        word("SET");
        commaSeparated(() -> {
          add(pick(PATHS));
          add("=");
          if (random.nextInt(5) == 0) {
            word("NULL");
          } else {
            value(3);
          }
        });
        where();
      }
      case 1 -> {
        word("DELETE");
        word("FROM");
        add("Box");
        where();
      }
      default -> select();
    }
  }

  private void select() {
    if (random.nextBoolean()) {
      word("SELECT");
      switch (random.nextInt(4)) {
        case 0 -> pieces.addAll(List.of(cased("COUNT"), "(", cased("THIS"), ")"));
        case 1 -> word("THIS");
        case 2 -> idOfThis();
        default -> add(pick(PATHS));
      }
    }
    if (random.nextBoolean()) {
      word("FROM");
      add("Box");
    }
    where();
    if (random.nextBoolean()) {
      word("ORDER");
      word("BY");
      commaSeparated(() -> {
        if (random.nextInt(4) == 0) {
          idOfThis();
        } else {
          add(pick(PATHS));
        }
        int direction = random.nextInt(3);
        if (direction > 0) {
          word(direction == 1 ? "ASC" : "DESC");
        }
      });
    }
  }

  private void where() {
    if (random.nextBoolean()) {
      word("WHERE");
      condition(3);
    }
  }

  private void condition(int depth) {
    int choice = random.nextInt(depth > 0 ? 9 : 5);
    switch (choice) {
      case 0 -> {
        value(depth);
        add(pick(COMPARATORS));
        value(depth);
      }
      case 1 -> {
        value(depth);
        not();
        word("BETWEEN");
        value(depth);
        word("AND");
        value(depth);
      }
      case 2 -> {
        add(pick(PATHS));
        not();
        word("LIKE");
        if (random.nextBoolean()) {
          add("'a%'");
        } else {
          parameter();
        }
      }
      case 3 -> {
        add(pick(PATHS));
        not();
        word("IN");
        add("(");
        commaSeparated(() -> {
          switch (random.nextInt(4)) {
            case 0 -> parameter();
            case 1 -> add("com.example.Kind.A");
            case 2 -> add("-7");
            default -> add(pick(LITERALS));
          }
        });
        add(")");
      }
      case 4 -> {
        add(pick(PATHS));
        word("IS");
        not();
        word("NULL");
      }
      case 5 -> {
        word("NOT");
        condition(depth - 1);
      }
      case 6, 7 -> {
        condition(depth - 1);
        word(choice == 6 ? "AND" : "OR");
        condition(depth - 1);
      }
      default -> {
        add("(");
        condition(depth - 1);
        add(")");
      }
    }
  }

  private void value(int depth) {
    int choice = random.nextInt(depth > 0 ? 12 : 6);
    switch (choice) {
      case 0, 1 -> add(pick(PATHS));
      case 2 -> add(pick(LITERALS));
      case 3 -> parameter();
      case 4 -> word(random.nextBoolean() ? "TRUE" : "FALSE");
      case 5 -> {
        word("LOCAL");
        word(new String[] {"DATE", "TIME", "DATETIME"}[random.nextInt(3)]);
      }
      case 6 -> idOfThis();
      case 7 -> {
        add(random.nextBoolean() ? "-" : "+");
        value(depth - 1);
      }
      case 8, 9 -> {
        value(depth - 1);
        add(pick(OPERATORS));
        value(depth - 1);
      }
      case 10 -> {
        add("(");
        value(depth - 1);
        add(")");
      }
      default -> {
        boolean two = random.nextBoolean();
        add(cased(two ? (random.nextBoolean() ? "LEFT" : "RIGHT") : new String[] {"ABS", "LENGTH", "LOWER", "UPPER"}[
            random.nextInt(4)]));
        add("(");
        value(depth - 1);
        if (two) {
          add(",");
          value(depth - 1);
        }
        add(")");
      }
    }
  }

  /** One to three items written by {@code item}, separated by commas. */
  private void commaSeparated(Runnable item) {
    int n = 1 + random.nextInt(3);
    for (int i = 0; i < n; i++) {
      if (i > 0) {
        add(",");
      }
      item.run();
    }
  }

  private void idOfThis() {
    pieces.addAll(List.of(cased("ID"), "(", cased("THIS"), ")"));
  }

  private void parameter() {
    add(named ? ":" + "pq".charAt(random.nextInt(2)) : "?" + (1 + random.nextInt(3)));
  }

  private void not() {
    if (random.nextBoolean()) {
      word("NOT");
    }
  }

  private void word(String keyword) {
    add(cased(keyword));
  }

  private String cased(String keyword) {
    return switch (random.nextInt(3)) {
      case 0 -> keyword;
      case 1 -> keyword.toLowerCase(Locale.ROOT);
      default -> keyword.charAt(0) + keyword.substring(1).toLowerCase(Locale.ROOT);
    };
  }

  private String pick(String[] options) {
    return options[random.nextInt(options.length)];
  }

  private void add(String piece) {
    pieces.add(piece);
  }
}
