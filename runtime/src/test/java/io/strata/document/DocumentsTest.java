package io.strata.document;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.apple.foundationdb.tuple.Tuple;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class DocumentsTest {

  @Provide
  Arbitrary<Object> trees() {
    return tree(4);
  }

  private Arbitrary<Object> tree(int depth) {
    Arbitrary<Object> scalars = Arbitraries.oneOf(
        Arbitraries.strings().ofMaxLength(8).map(s -> (Object) s),
        Arbitraries.longs().map(l -> (Object) l),
        Arbitraries.doubles().map(d -> (Object) d),
        Arbitraries.of(true, false).map(b -> (Object) b),
        Arbitraries.just(null));
    if (depth == 0) {
      return scalars;
    }
    Arbitrary<Object> maps = Arbitraries.maps(Arbitraries.strings().ofMaxLength(6).withChars("aé€😀 .x"), tree(depth - 1))
        .ofMaxSize(4).map(m -> (Object) new LinkedHashMap<>(m));
    Arbitrary<Object> lists = tree(depth - 1).list().ofMaxSize(4).map(l -> (Object) new ArrayList<>(l));
    return Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(3, scalars), net.jqwik.api.Tuple.of(2, maps), net.jqwik.api.Tuple.of(2, lists));
  }

  /** Flattening then assembling gives an equal tree (maps compared as maps, lists as lists). */
  @Property(tries = 500)
  void flattenThenAssembleRoundTrips(@ForAll("trees") Object tree) {
    assertEquals(tree, Documents.assemble(Documents.flatten(tree)));
  }

  @Test
  void emptyContainersUseTheRecipeMarkers() {
    Map<String, Object> doc = new LinkedHashMap<>();
    doc.put("m", Map.of());
    doc.put("l", List.of());
    doc.put("n", null);
    List<Documents.Entry> entries = Documents.flatten(doc);
    assertEquals(List.of(new Documents.Entry(Tuple.from("m", -2L), null), new Documents.Entry(Tuple.from("l", -1L), null),
        new Documents.Entry(Tuple.from("n"), null)), entries);
  }

  @Test
  void integersComeBackAsLongsAndFloatsAsDoubles() {
    assertEquals(Map.of("i", 3L, "f", 1.5), Documents.assemble(Documents.flatten(Map.of("i", 3, "f", 1.5f))));
  }

  @Test
  void nothingStoredAssemblesToNull() {
    assertNull(Documents.assemble(List.of()));
  }

  @Test
  void unsupportedValuesAndKeysAreRejectedWithThePath() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Documents.flatten(Map.of("a", new Object())));
    assertEquals(true, e.getMessage().contains("(\"a\")"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> Documents.flatten(Map.of(1, "x")));
  }
}
