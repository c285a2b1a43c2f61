package io.strata.processor.behaviour;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.apple.foundationdb.tuple.Tuple;
import io.strata.embedded.BackendContract;
import io.strata.processor.fixtures.Notebook;
import io.strata.processor.fixtures.Notebook.Level;
import io.strata.processor.fixtures.Notebook.Section;
import io.strata.processor.fixtures.Notebook.Sheet;
import io.strata.processor.fixtures.NotebookRepository;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Typed {@code @Document} shapes beyond records — {@code Map<String, X>}, top-level {@code List<X>} and classes
 * with a no-arg constructor — come back from {@code findById} equal to what was saved and with their declared
 * Java types, while keeping LAYOUTS.md's flattened keys and {@code getPath}'s plain values.
 */
public abstract class TypedDocumentContract extends BackendContract {
  protected NotebookRepository notebooks;

  @BeforeEach
  void createRepository() {
    notebooks = new NotebookRepository(db);
  }

  private static Section section(int order, Level level) {
    return new Section(order, level, Map.of("w", 0.5f, "h", 2f));
  }

  private static Sheet sheet(int number) {
    return new Sheet(number, "sheet " + number, number % 2 == 0, (short) (number * 3), Level.HIGH,
        List.of(section(1, Level.LOW), section(2, Level.HIGH)), Map.of("intro", section(0, Level.LOW)), Set.of(7L, 8L));
  }

  private static Notebook full(String id) {
    return new Notebook(id, Map.of("a", 1, "b", -2), Map.of("s", (short) 300), Map.of("r", 0.25f), Map.of("x", Level.HIGH),
        Map.of("one", section(1, Level.LOW)), Map.of("first", sheet(1), "second", sheet(2)),
        Map.of("odd", List.of(1, 3, 5), "even", List.of(2, 4)), Map.of("outer", Map.of("inner", section(9, Level.HIGH))),
        Map.of("gold", Optional.of(new BigDecimal("1800.50"))), List.of(Map.of("c", 3), Map.of("d", 4)),
        List.of(sheet(3), sheet(4)), sheet(5));
  }

  @Test
  void everyTypedShapeComesBackEqualWithItsDeclaredTypes() {
    Notebook saved = full("n1");
    notebooks.save(saved);
    Notebook back = notebooks.findById("n1").orElseThrow();
    assertEquals(saved, back);
    assertEquals(Integer.class, back.counts().get("a").getClass());
    assertEquals(Short.class, back.shorts().get("s").getClass());
    assertEquals(Float.class, back.ratios().get("r").getClass());
    assertEquals(Level.class, back.levels().get("x").getClass());
    assertEquals(Section.class, back.sections().get("one").getClass());
    assertEquals(Float.class, back.sections().get("one").weights().get("w").getClass());
    assertEquals(Sheet.class, back.sheets().get("first").getClass());
    assertEquals(Short.class, back.sheets().get("first").getMargin().getClass());
    assertEquals(Long.class, back.cover().getTags().iterator().next().getClass());
    assertEquals(Integer.class, back.series().get("odd").get(0).getClass());
    assertEquals(Section.class, back.nested().get("outer").get("inner").getClass());
    assertEquals(new BigDecimal("1800.50"), back.prices().get("gold").orElseThrow(), "the scale survives");
    assertEquals(Integer.class, back.rows().get(1).get("d").getClass());
    assertEquals(Sheet.class, back.pages().get(0).getClass());
  }

  @Test
  void emptyContainersNullsAndEmptyOptionalsComeBackAsSaved() {
    Map<String, Integer> withNull = new LinkedHashMap<>();
    withNull.put("none", null);
    withNull.put("one", 1);
    List<Integer> nullItem = new ArrayList<>();
    nullItem.add(null);
    nullItem.add(2);
    Sheet bare = new Sheet(); // every property null, false or 0
    Sheet empty = new Sheet(0, "", false, null, null, List.of(), Map.of(), Set.of());
    Notebook saved = new Notebook("n2", withNull, Map.of(), Map.of(), Map.of(), Map.of("empty", new Section(0, null, Map.of())),
        Map.of("bare", bare, "empty", empty), Map.of("none", List.of(), "holes", nullItem), Map.of("inner", Map.of()),
        Map.of("unknown", Optional.empty()), List.of(Map.of(), Map.of("z", 0)), List.of(), null);
    notebooks.save(saved);
    assertEquals(saved, notebooks.findById("n2").orElseThrow());
  }

  @Test
  void typedDocumentsKeepTheFlattenedKeyLayout() {
    Map<String, Integer> counts = Map.of("a", 1);
    notebooks.save(new Notebook("n3", counts, Map.of(), null, null, null, null, null, null, null, List.of(Map.of("c", 3)), null,
        null));
    assertArrayEquals(Tuple.from(1L).pack(), get(Tuple.from("Notebook", "R", "n3", "counts", "a")));
    assertArrayEquals(Tuple.from((Object) null).pack(), get(Tuple.from("Notebook", "R", "n3", "shorts", -2L)), "empty map marker");
    assertArrayEquals(Tuple.from(3L).pack(), get(Tuple.from("Notebook", "R", "n3", "rows", 0L, "c")), "list positions are integers");
    assertNull(get(Tuple.from("Notebook", "R", "n3", "ratios")), "a null document stores nothing");
  }

  private byte[] get(Tuple key) {
    return db.read(tr -> tr.get(key.pack()).join());
  }

  @Test
  void getPathStillGivesPlainValuesAndSetPathIsReadBackTyped() {
    notebooks.save(full("n4"));
    assertEquals(Optional.of(1L), notebooks.getPath("n4", "counts", "a"));
    assertEquals(Optional.of(15L), notebooks.getPath("n4", "cover", "margin"));
    assertEquals(Optional.of(Map.of("order", 1L, "level", "LOW", "weights", Map.of("w", 0.5, "h", 2.0))),
        notebooks.getPath("n4", "sections", "one"));
    assertEquals(Optional.of(List.of(1L, 3L, 5L)), notebooks.getPath("n4", "series", "odd"));
    notebooks.setPath("n4", 40, "counts", "c");
    notebooks.setPath("n4", 9, "cover", "number");
    Notebook back = notebooks.findById("n4").orElseThrow();
    assertEquals(Integer.valueOf(40), back.counts().get("c"));
    assertEquals(9, back.cover().getNumber());
  }
}
