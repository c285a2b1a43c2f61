package io.strata.processor.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.query.names.Vocabulary;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The one result-shape table: each container class gives its shape in the dialects that take it. */
class ResultShapeTest {

  @Test
  void sharedContainersGiveTheSameShapeInBothDialects() {
    for (Vocabulary dialect : Vocabulary.values()) {
      assertEquals(Optional.of(ResultShape.LIST), ResultShape.container("java.util.List", dialect));
      assertEquals(Optional.of(ResultShape.STREAM), ResultShape.container("java.util.stream.Stream", dialect));
      assertEquals(Optional.of(ResultShape.OPTIONAL), ResultShape.container("java.util.Optional", dialect));
    }
  }

  @Test
  void eachDialectTakesItsOwnPagesAndCollections() {
    assertEquals(Optional.of(ResultShape.PAGE), ResultShape.container("io.strata.Page", Vocabulary.STRATA));
    assertEquals(Optional.empty(), ResultShape.container("io.strata.Page", Vocabulary.JAKARTA));
    assertEquals(Optional.of(ResultShape.PAGE), ResultShape.container("jakarta.data.page.Page", Vocabulary.JAKARTA));
    assertEquals(Optional.of(ResultShape.CURSORED_PAGE),
        ResultShape.container("jakarta.data.page.CursoredPage", Vocabulary.JAKARTA));
    assertEquals(Optional.of(ResultShape.LIST), ResultShape.container("java.util.Collection", Vocabulary.JAKARTA));
    assertEquals(Optional.empty(), ResultShape.container("java.util.Collection", Vocabulary.STRATA));
    assertEquals(Optional.empty(), ResultShape.container("com.example.Book", Vocabulary.JAKARTA));
  }

  @Test
  void pagesNameTheirRunTimeReadersAndSingleResultsAreAtMostOne() {
    assertEquals("page", ResultShape.PAGE.pageMethod());
    assertEquals("cursoredPage", ResultShape.CURSORED_PAGE.pageMethod());
    assertThrows(IllegalStateException.class, ResultShape.LIST::pageMethod);
    assertTrue(ResultShape.CURSORED_PAGE.paged());
    assertFalse(ResultShape.STREAM.paged());
    assertTrue(ResultShape.OPTIONAL.atMostOne());
    assertFalse(ResultShape.ARRAY.atMostOne());
  }
}
