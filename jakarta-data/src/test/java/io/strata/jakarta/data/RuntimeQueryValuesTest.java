package io.strata.jakarta.data;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.apple.foundationdb.subspace.Subspace;
import io.strata.Restrict;
import io.strata.Strata;
import io.strata.StrataDb;
import io.strata.query.PlanReads;
import io.strata.query.model.Condition;
import io.strata.query.model.Op;
import io.strata.query.model.Operand;
import io.strata.query.model.Semantics;
import io.strata.query.model.SortKey;
import io.strata.query.plan.Plan;
import io.strata.repository.EntityStore;
import io.strata.row.Elements;
import io.strata.row.EntityCodec;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Run-time queries over a Jakarta Data entity compare as Jakarta Data does ({@link Values#ORDER}): enums by
 * declaration order, not by name as their keys sort; a null query value matches no entity; and the same attributes
 * sort in Jakarta's API.
 */
class RuntimeQueryValuesTest {
  enum Size { SMALL, MEDIUM, LARGE }

  record Box(String id, Size size) {}

  static final class BoxCodec extends EntityCodec<Box> {
    BoxCodec() {
      super("Box", List.of("id", "size"), 0);
    }

    @Override
    public Object[] toElements(Box b) {
      return new Object[] {b.id(), b.size() == null ? null : b.size().name()};
    }

    @Override
    public Box fromElements(Object[] e) {
      return new Box(Elements.toStr(e[0]), e[1] == null ? null : Size.valueOf(Elements.toStr(e[1])));
    }
  }

  /** What the processor generates as {@code _Box} for a jakarta.nosql entity. */
  static final TextDataAttribute<Box> ID = new TextDataAttribute<>("id", Box::id);
  static final SortableDataAttribute<Box, Size> SIZE = new SortableDataAttribute<>("size", Box::size, Enum::name);

  private StrataDb sdb;
  private PlanReads<Box> reads;

  @BeforeEach
  void open() {
    sdb = Strata.connect("strata:mem:");
    EntityStore<Box> store = EntityStore.builder(new BoxCodec(), new Subspace()).ids(Elements::toStr).packed().build();
    sdb.database().run(tr -> store.saveAll(tr, List.of(new Box("a", Size.LARGE), new Box("b", Size.SMALL),
        new Box("c", Size.MEDIUM), new Box("d", null))).join());
    reads = new PlanReads<>(store, List.of(ID, SIZE), Semantics.JAKARTA, Values.ORDER, name -> null);
  }

  @AfterEach
  void close() {
    sdb.close();
  }

  private List<String> ids(Condition where, List<SortKey> order, Map<String, Object> params) {
    return sdb.database().read(tr -> reads.list(tr, new Plan.AllRows(List.of(where)), order, Integer.MAX_VALUE, params).join())
        .stream().map(Box::id).toList();
  }

  @Test
  void enumsCompareAndSortInDeclarationOrder() {
    assertEquals(List.of("a", "c"), ids(SIZE.greaterThan(Size.SMALL).condition(), List.of(), Map.of()));
    assertEquals(List.of("d", "b", "c", "a"), ids(Restrict.<Box>unrestricted().condition(),
        List.of(FinderOrders.<Box>of(SIZE.asc()).get(0).key()), Map.of()));
    assertEquals(List.of("a", "c", "b", "d"), ids(Restrict.<Box>unrestricted().condition(),
        FinderOrders.<Box>of(SIZE.desc()).stream().map(o -> o.key()).toList(), Map.of()));
  }

  @Test
  void aNullQueryValueMatchesNoEntity() {
    Map<String, Object> nothing = new HashMap<>();
    nothing.put("s", null);
    Condition equal = new Condition.Compare("size", Op.EQUAL, new Operand.Param("s"));
    assertEquals(List.of(), ids(equal, List.of(), nothing));
    assertEquals(List.of(), ids(new Condition.Not(equal), List.of(), nothing));
    assertEquals(List.of("d"), ids(SIZE.isNull().condition(), List.of(), Map.of()));
  }
}
