package io.strata.processor.model;

import io.strata.query.names.Vocabulary;
import java.util.List;
import java.util.Optional;

/**
 * What a query method returns, one table for both dialects' method writers: how its results are handed back (one,
 * optional, list, stream, array, page, cursored page), or what its count, exists or delete returns. The container
 * classes of each shape are listed once, each with the dialect that takes it (both when none is named).
 */
public enum ResultShape {
  /** One result (an entity, a projected value); none or several is the dialect's error. */
  ONE,
  OPTIONAL,
  LIST,
  STREAM,
  /** An array of results (Jakarta Data). */
  ARRAY,
  /** A page: Strata's {@code io.strata.Page} (limit and continuation parameters), Jakarta Data's {@code Page}. */
  PAGE,
  /** Jakarta Data's {@code CursoredPage}. */
  CURSORED_PAGE,
  /** A Strata count or sum as a {@code long}. */
  COUNT_LONG,
  /** A Strata count as an {@code int}. */
  COUNT_INT,
  /** A Strata {@code exists}: a {@code boolean}. */
  EXISTS,
  /** A Strata delete returning nothing. */
  DELETE_VOID,
  /** A Strata delete returning how many it deleted. */
  DELETE_LONG;

  /** A class that holds results, the shape it gives them, and the dialect that takes it (null: both). */
  private record Container(String type, ResultShape shape, Vocabulary dialect) {}

  private static final List<Container> CONTAINERS = List.of(
      new Container("java.util.List", LIST, null),
      new Container("java.util.Collection", LIST, Vocabulary.JAKARTA),
      new Container("java.lang.Iterable", LIST, Vocabulary.JAKARTA),
      new Container("java.util.stream.Stream", STREAM, null),
      new Container("java.util.Optional", OPTIONAL, null),
      new Container("io.strata.Page", PAGE, Vocabulary.STRATA),
      new Container("jakarta.data.page.Page", PAGE, Vocabulary.JAKARTA),
      new Container("jakarta.data.page.CursoredPage", CURSORED_PAGE, Vocabulary.JAKARTA));

  /**
   * The shape results take in the class {@code type} (a qualified name) in {@code dialect}; empty when the class holds
   * no results there (it is then one result itself).
   */
  public static Optional<ResultShape> container(String type, Vocabulary dialect) {
    return CONTAINERS.stream().filter(c -> c.type().equals(type) && (c.dialect() == null || c.dialect() == dialect))
        .map(Container::shape).findFirst();
  }

  /** Whether the results come a page at a time. */
  public boolean paged() {
    return this == PAGE || this == CURSORED_PAGE;
  }

  /** Whether there is at most one result. */
  public boolean atMostOne() {
    return this == ONE || this == OPTIONAL;
  }

  /** The name the run-time readers of Jakarta Data pages give this shape's method: {@code page}, {@code cursoredPage}. */
  public String pageMethod() {
    return switch (this) {
      case PAGE -> "page";
      case CURSORED_PAGE -> "cursoredPage";
      default -> throw new IllegalStateException(this + " is no page");
    };
  }
}
