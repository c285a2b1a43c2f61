package io.strata.processor.behaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.Finder;
import io.strata.OrderBy;
import io.strata.Queryable;
import io.strata.embedded.BackendContract;
import io.strata.processor.fixtures.jakarta.Gadget;
import io.strata.processor.fixtures.jakarta.Gadgets;
import io.strata.processor.fixtures.jakarta.GadgetsImpl;
import io.strata.processor.fixtures.jakarta.Shipment;
import io.strata.processor.fixtures.jakarta.Shipments;
import io.strata.processor.fixtures.jakarta.ShipmentsImpl;
import io.strata.query.jdql.EnumConstants;
import io.strata.query.jdql.JdqlSelect;
import io.strata.query.model.Condition;
import io.strata.query.model.Condition.Compare;
import io.strata.query.model.EntityInfo;
import io.strata.query.model.FieldInfo;
import io.strata.query.model.Op;
import io.strata.query.model.Operand;
import io.strata.query.model.SortKey;
import jakarta.data.Limit;
import jakarta.data.Order;
import jakarta.data.Sort;
import jakarta.data.page.Page;
import jakarta.data.page.PageRequest;
import jakarta.data.repository.Query;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.math.BigDecimal;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletionException;
import java.util.function.BiFunction;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Same answers (issue 38, one query model): every {@code @Query} method of the Jakarta fixtures {@link Gadgets} and
 * {@link Shipments}, its JDQL compiled by the processor into the generated implementation, answers as the run-time
 * finder of the same JDQL does ({@code jdql(text)} of that implementation, planned by the same planner at run time, its
 * parameters bound to the same values), over random rows and with random parameters. Where {@code SamePlansContract}
 * compares plans and keys read on fixed data, this compares answers on random data:
 *
 * <ul>
 *   <li>Rows: each try saves up to 40 random entities (a {@link RandomGadgets} gadget, one time in eight without a color
 *       or a kind; shipments without a weight or a color one time in six), so that queries meet absent values, ties,
 *       signed zeros, infinities and NaNs, decimals of several scales and floats at the edge of a literal.
 *   <li>Parameters: a value of the property the parameter is compared with (a saved entity's, or another random one's,
 *       or, one time in twelve, null: Jakarta Data lets a null match nothing), a {@code LIKE} pattern cut from a value,
 *       a list for {@code IN}; a random {@code Limit}, a random page of a {@code PageRequest} (its total asked or not) and
 *       random {@code Order}s and {@code Sort}s of zero to three properties, case-insensitive now and then.
 *   <li>Entities: equal rows (every property), in the same order where the query orders them. An order that is not
 *       total (ties on the sorted properties) may legally give ties in either order, so the answers are compared run by
 *       run of equal sort values: the runs' values and sizes in order, each run's rows as a multiset; where a limit or a
 *       page cuts a run, only its size. With no order, the rows as a multiset (and, cut, only how many).
 *   <li>Counts equal the finder's {@code count()}, a page's total too; a {@code SELECT} of a property equals the
 *       finder's entities' values (the column value where the method returns the column type of a {@code @Convert}
 *       property), in order (both fixtures' projections are ordered by the selected property or the id: a total order).
 *   <li>{@code UPDATE} and {@code DELETE} have no run-time form (a finder only reads), so their effect is compared with
 *       the finder of their {@code WHERE} on the same rows: they change (delete) exactly the entities it finds and return
 *       how many; every other entity is unchanged, and so is every property the {@code SET} does not assign; a property
 *       the {@code SET} assigns holds the value the test computes itself ({@link JdqlUpdateValues}) from the entity
 *       before the update and the arguments: a parameter, a literal, or an expression of the entity's properties
 *       ({@code size + 1}, {@code -ABS(score)}, {@code LEFT(name, 2) || :suffix}). Each runs on a fresh copy of the try's
 *       rows.
 *   <li>Either path throwing: the other throws an exception of the same class.
 * </ul>
 *
 * <p>Left out: the {@code @Query} methods whose literals the run-time translator refuses
 * ({@link SamePlansContract#INEXACT_LITERALS}: pass such a value as a parameter). The methods compared are asserted, and
 * that most calls answered something (not only empty answers). Random but replayable: a failure names its seed and try,
 * {@code -Dstrata.jdql.seed=<seed>} replays it, {@code -Dstrata.jdql.tries=<n>} runs more tries. Runs on the embedded
 * engine ({@code JdqlSameAnswersEmbeddedTest}, both row layouts: the per-field run compiles the fixtures unpacked) and a
 * real cluster ({@code JdqlSameAnswersClusterTest}).
 */
public abstract class JdqlSameAnswersContract extends BackendContract {
  private static final long SEED = Long.getLong("strata.jdql.seed", new SecureRandom().nextLong());
  /** Tries: each saves new random rows and calls every method {@link #CALLS} times. */
  private static final int TRIES = Integer.getInteger("strata.jdql.tries", 30);
  private static final int CALLS = 3;
  private static final int ROWS = 40;

  /** A fixture: its repository interface, generated implementation, entity class and {@code n} random entities. */
  private record Fixture(Class<?> api, Class<?> impl, Class<?> entity, BiFunction<Random, Integer, List<?>> rows) {}

  private static final List<Fixture> FIXTURES = List.of(
      new Fixture(Gadgets.class, GadgetsImpl.class, Gadget.class, JdqlSameAnswersContract::gadgets),
      new Fixture(Shipments.class, ShipmentsImpl.class, Shipment.class, JdqlSameAnswersContract::shipments));

  /** The {@code @Query} methods compared, by fixture. */
  private static final Map<String, Integer> COMPARED = Map.of("Gadgets", 30, "Shipments", 8);

  private static List<?> gadgets(Random random, int n) {
    List<Gadget> out = new ArrayList<>();
    for (long id : ids(random, n)) {
      Gadget g = RandomGadgets.gadget(random, id);
      g.color = random.nextInt(8) == 0 ? null : g.color;
      g.kind = random.nextInt(8) == 0 ? null : g.kind;
      out.add(g);
    }
    return out;
  }

  private static List<?> shipments(Random random, int n) {
    List<Shipment> out = new ArrayList<>();
    for (long id : ids(random, n)) {
      out.add(new Shipment("s" + id, random.nextInt(6) == 0 ? null : new Shipment.Weight(100L * random.nextInt(7)),
          random.nextInt(6) == 0 ? null : RandomGadgets.pick(random, Arrays.asList(Shipment.Color.values()))));
    }
    return out;
  }

  /** {@code n} distinct ids among 1 to 2n, so that some ids of a query's parameters find nothing. */
  private static List<Long> ids(Random random, int n) {
    List<Long> ids = new ArrayList<>();
    for (long id = 1; id <= 2L * n; id++) {
      ids.add(id);
    }
    Collections.shuffle(ids, random);
    return ids.subList(0, n);
  }

  /** A method under test: its JDQL, the finder's text, and its parameters as the query compares them. */
  private record Call(Fixture fixture, Method method, String jdql, String finderText, EntityInfo entity,
      List<String> jdqlNames, List<SortKey> order, Map<Integer, Compare> compared) {
    String listed() {
      return fixture.api().getSimpleName() + "." + method.getName();
    }
  }

  @Test
  void everyJdqlMethodAnswersAsTheRunTimeFinderOfItsJdql() throws ReflectiveOperationException {
    Random seeds = new Random(SEED);
    Map<String, Integer> compared = new TreeMap<>();
    int calls = 0;
    int answered = 0;
    Map<Fixture, List<Call>> methods = new LinkedHashMap<>();
    for (Fixture fixture : FIXTURES) {
      methods.put(fixture, calls(fixture));
      compared.put(fixture.api().getSimpleName(), methods.get(fixture).size());
    }
    assertEquals(COMPARED, compared, "the @Query methods compared");
    for (int t = 0; t < TRIES; t++) {
      Random random = new Random(seeds.nextLong());
      for (Fixture fixture : FIXTURES) {
        List<?> rows = fixture.rows().apply(random, random.nextInt(ROWS + 1));
        Object impl = stored(fixture, rows);
        for (Call call : methods.get(fixture)) {
          for (int c = 0; c < CALLS; c++) {
            Object[] args = arguments(call, rows, random);
            List<String> differences = new ArrayList<>();
            boolean writes = call.jdql().startsWith("UPDATE ") || call.jdql().startsWith("DELETE ");
            boolean any = writes ? sameEffect(call, impl, args, differences) : sameAnswer(call, impl, args, differences);
            if (writes) {
              impl = stored(fixture, rows);
            }
            if (!differences.isEmpty()) {
              throw new AssertionError("seed " + SEED + " (replay with -Dstrata.jdql.seed=" + SEED + "), try " + t + ": "
                  + call.listed() + Arrays.deepToString(args) + ": " + differences + "\nover " + rows, null);
            }
            calls++;
            answered += any ? 1 : 0;
          }
        }
      }
    }
    assertTrue(answered * 2 > calls, answered + " of " + calls + " calls answered something (seed " + SEED + ")");
  }

  /**
   * The difference this contract found first, on fixed data: of two gadgets scored {@code -0.0} and {@code 0.0},
   * {@code scoredFromZero()} ({@code WHERE score >= 0}) finds both, its whole-number literal compared with the double by
   * value; the run-time finder of the same JDQL found only the one scored {@code 0.0}, having typed the literal as the
   * double {@code 0.0}, which {@code Double.compare} puts above {@code -0.0}. So does a bound whole number, now taken.
   */
  @Test
  void aWholeNumberLiteralOnADoubleComparesByValueAtRunTimeAsInTheGeneratedMethod() {
    GadgetsImpl gadgets = new GadgetsImpl(db);
    gadgets.saveAll(List.of(new Gadget(1, "a-1", "red", 1, null, null, true, -0.0, 0F, null),
        new Gadget(2, "a-2", "red", 1, null, null, true, 0.0, 0F, null)));
    assertEquals(List.of(1L, 2L), gadgets.scoredFromZero().stream().map(g -> g.id).sorted().toList());
    assertEquals(List.of(1L, 2L), gadgets.jdql("WHERE score >= 0").list().stream().map(g -> g.id).sorted().toList());
    assertEquals(List.of(1L, 2L), gadgets.jdql("WHERE score = 0").list().stream().map(g -> g.id).sorted().toList());
    assertEquals(List.of(), gadgets.jdql("WHERE score < 0").list());
    assertEquals(List.of(2L), gadgets.jdql("WHERE score >= 0.0").list().stream().map(g -> g.id).toList(),
        "a double literal compares as Jakarta Data orders doubles (Double.compare), as the generated check does");
    assertEquals(List.of(1L, 2L), gadgets.jdql("WHERE score = :s").bind("s", 0).list().stream().map(g -> g.id).sorted().toList());
  }

  /**
   * A stored infinity or NaN compared with a whole number: no decimal holds it, so both the generated check and the
   * run-time finder threw {@code NumberFormatException}; both now order it as {@code Double.compare} does (infinities
   * beyond every number, NaN above them), as Jakarta Data's order of two doubles does.
   */
  @Test
  void aStoredInfinityOrNaNComparedWithAWholeNumberIsOrderedAsDoubleCompareOrdersIt() {
    GadgetsImpl gadgets = new GadgetsImpl(db);
    gadgets.saveAll(List.of(new Gadget(1, "a-1", "red", 1, null, null, true, Double.NEGATIVE_INFINITY, 0F, null),
        new Gadget(2, "a-2", "red", 1, null, null, true, Double.POSITIVE_INFINITY, 0F, null),
        new Gadget(3, "a-3", "red", 1, null, null, true, Double.NaN, 0F, null),
        new Gadget(4, "a-4", "red", 1, null, null, true, 5.0, 0F, null)));
    assertEquals(List.of(2L, 3L, 4L), gadgets.scoredFromZero().stream().map(g -> g.id).sorted().toList());
    assertEquals(List.of(2L, 3L, 4L), gadgets.jdql("WHERE score >= 0").list().stream().map(g -> g.id).sorted().toList());
    assertEquals(List.of(1L), gadgets.jdql("WHERE score < 0").list().stream().map(g -> g.id).toList());
  }

  /** The {@code @Query} methods of {@code fixture} compared here, by name. */
  private static List<Call> calls(Fixture fixture) throws ReflectiveOperationException {
    Field info = fixture.impl().getDeclaredField("ENTITY");
    info.setAccessible(true);
    EntityInfo entity = (EntityInfo) info.get(null);
    GeneratedDocs docs = GeneratedDocs.of(fixture.impl());
    EnumConstants enums = EnumConstants.of(fixture.api().getClassLoader());
    List<Call> calls = new ArrayList<>();
    for (Method m : Arrays.stream(fixture.api().getDeclaredMethods()).sorted(Comparator.comparing(Method::toGenericString)).toList()) {
      Query query = m.getAnnotation(Query.class);
      if (query == null || SamePlansContract.INEXACT_LITERALS.contains(fixture.api().getSimpleName() + "." + m.getName())) {
        continue;
      }
      List<String> jdqlNames = JakartaMethods.jdqlNames(m, docs.of(m).parameters());
      String text = JakartaMethods.finderText(query.value());
      JdqlSelect select = JdqlSelect.of(text, entity, enums);
      Map<Integer, Compare> comparedWith = new HashMap<>();
      for (Compare c : JakartaMethods.compares(JakartaMethods.withMethodParameters(select.where(), text, jdqlNames))) {
        c.operands().stream().filter(o -> o instanceof Operand.Param).forEach(o ->
            comparedWith.put(Integer.parseInt(((Operand.Param) o).name().substring(1)), c));
      }
      calls.add(new Call(fixture, m, query.value(), text, entity, jdqlNames, select.order(), comparedWith));
    }
    return calls;
  }

  /** A fresh database holding {@code rows}, and a new generated repository over it. */
  private Object stored(Fixture fixture, List<?> rows) throws ReflectiveOperationException {
    db.run(tr -> {
      tr.clear(new byte[0], new byte[] {(byte) 0xff});
      return null;
    });
    Object impl = fixture.impl().getConstructor(com.apple.foundationdb.Database.class).newInstance(db);
    fixture.impl().getMethod("saveAll", List.class).invoke(impl, rows);
    return impl;
  }

  /** Random arguments of {@code call}'s method (see the class comment). */
  private static Object[] arguments(Call call, List<?> rows, Random random) throws ReflectiveOperationException {
    Method m = call.method();
    Object[] args = new Object[m.getParameterCount()];
    for (int i = 0; i < args.length; i++) {
      Class<?> type = m.getParameterTypes()[i];
      Compare c = call.compared().get(i);
      if (type == Limit.class) {
        args[i] = Limit.of(1 + random.nextInt(6));
      } else if (type == PageRequest.class) {
        args[i] = PageRequest.ofPage(1 + random.nextInt(3), 1 + random.nextInt(5), random.nextBoolean());
      } else if (type == Order.class) {
        args[i] = JakartaMethods.order(sorts(call.entity(), random, random.nextInt(4)));
      } else if (type == Sort.class) {
        args[i] = sorts(call.entity(), random, 1).get(0);
      } else if (type == Sort[].class) {
        args[i] = sorts(call.entity(), random, random.nextInt(4)).toArray(new Sort<?>[0]);
      } else if (!type.isPrimitive() && random.nextInt(12) == 0) {
        args[i] = null;
      } else if (c == null) {
        args[i] = valueOf(type, random);
      } else {
        Object value = null;
        // a saved entity's value, or a fresh one's; past 10 tries only fresh ones (the saved may all lack the property)
        for (int tries = 0; value == null && tries < 100; tries++) {
          Object entity = tries < 10 && !rows.isEmpty() && random.nextInt(3) > 0 ? rows.get(random.nextInt(rows.size()))
              : call.fixture().rows().apply(random, 1).get(0);
          value = JakartaMethods.property(entity, c.field());
        }
        value = value == null ? valueOf(type, random) : c.op() == Op.LIKE ? pattern((String) value, random) : value;
        args[i] = Collection.class.isAssignableFrom(type) ? List.of(value) : value;
      }
    }
    return args;
  }

  /** A random value of {@code type} that no property gives the parameter (one used in an expression, or a SET's value). */
  private static Object valueOf(Class<?> type, Random random) {
    if (type == int.class || type == Integer.class) {
      return random.nextInt(25) - 2;
    }
    if (type == long.class || type == Long.class) {
      return (long) random.nextInt(2 * ROWS + 2);
    }
    if (type == double.class || type == Double.class) {
      return random.nextInt(100) / 10.0;
    }
    if (type.isEnum()) {
      return RandomGadgets.pick(random, Arrays.asList(type.getEnumConstants()));
    }
    if (type == String.class) {
      return RandomGadgets.pick(random, RandomGadgets.WORDS);
    }
    throw new AssertionError("no random value of " + type);
  }

  /** A {@code LIKE} pattern matching {@code value}, or another by one character: a prefix, a suffix, an {@code _}. */
  private static String pattern(String value, Random random) {
    int cut = random.nextInt(value.length() + 1);
    return switch (random.nextInt(4)) {
      case 0 -> value.substring(0, cut) + "%";
      case 1 -> "%" + value.substring(cut);
      case 2 -> cut == value.length() ? value : value.substring(0, cut) + "_" + value.substring(cut + 1);
      default -> value.substring(0, cut) + "%" + (cut < value.length() ? value.charAt(cut) : "") + "%";
    };
  }

  /** {@code n} random sorts on distinct properties of {@code entity}, text ignoring case now and then. */
  private static List<Sort<?>> sorts(EntityInfo entity, Random random, int n) {
    List<FieldInfo> fields = new ArrayList<>(entity.fields());
    Collections.shuffle(fields, random);
    List<Sort<?>> sorts = new ArrayList<>();
    for (FieldInfo f : fields.subList(0, Math.min(n, fields.size()))) {
      boolean ignoreCase = f.kind() == io.strata.query.model.ValueKind.STRING && random.nextInt(4) == 0;
      sorts.add(Sort.of(f.name(), random.nextBoolean() ? jakarta.data.Direction.ASC : jakarta.data.Direction.DESC, ignoreCase));
    }
    return sorts;
  }

  /** The dynamic sorts among {@code args}: an {@code Order}'s, a {@code Sort}, the {@code Sort}s. */
  private static List<SortKey> dynamicOrder(Object[] args) {
    List<SortKey> keys = new ArrayList<>();
    for (Object a : args) {
      List<Sort<?>> sorts = a instanceof Order<?> o ? new ArrayList<>(o.sorts()) : a instanceof Sort<?> s ? List.of(s)
          : a instanceof Sort<?>[] array ? List.of(array) : List.of();
      sorts.forEach(s -> keys.add(new SortKey(s.property(), s.isDescending(), s.ignoreCase())));
    }
    return keys;
  }

  /** The run-time finder of {@code call}'s JDQL on {@code impl}, the parameters it names bound to {@code args}. */
  @SuppressWarnings("unchecked")
  private static Finder<Object> finder(Call call, Object impl, Object[] args) {
    Finder<Object> finder = ((Queryable<Object>) impl).jdql(call.finderText()).allowScan();
    for (int i = 0; i < args.length; i++) {
      String name = call.jdqlNames().get(i);
      boolean named = call.finderText().matches("(?s).*(?:\\?" + (i + 1) + "|:" + name + ")(?!\\w).*");
      if (named && !JakartaMethods.SPECIAL.contains(call.method().getParameterTypes()[i])) {
        finder = finder.bind(JakartaMethods.jdqlParameter(call.finderText(), call.jdqlNames(), i), args[i]);
      }
    }
    List<SortKey> dynamic = dynamicOrder(args);
    if (!dynamic.isEmpty()) {
      List<SortKey> order = new ArrayList<>(call.order());
      order.addAll(dynamic);
      finder = finder.orderBy(order.stream().map(k -> new OrderBy<Object>(k)).toList());
    }
    return finder;
  }

  /** {@code read}'s value, or the class of what it threw (unwrapped from reflection and futures). */
  private static Object outcome(Callable<?> read) {
    try {
      return read.call();
    } catch (Exception e) {
      Throwable cause = e;
      while ((cause instanceof InvocationTargetException || cause instanceof CompletionException) && cause.getCause() != null) {
        cause = cause.getCause();
      }
      return "throws " + cause.getClass().getName();
    }
  }

  /**
   * Compares a reading method's answer with its finder's, adding each difference to {@code differences}; returns whether
   * the method answered something (an entity, a count above zero).
   */
  private static boolean sameAnswer(Call call, Object impl, Object[] args, List<String> differences)
      throws ReflectiveOperationException {
    Method m = call.method();
    Object declared = outcome(() -> JakartaMethods.settle(m.invoke(impl, args)));
    Finder<Object> finder = finder(call, impl, args);
    List<SortKey> order = new ArrayList<>(call.order());
    order.addAll(dynamicOrder(args));
    Limit limit = (Limit) Arrays.stream(args).filter(a -> a instanceof Limit).findFirst().orElse(null);
    PageRequest request = (PageRequest) Arrays.stream(args).filter(a -> a instanceof PageRequest).findFirst().orElse(null);
    Object runTime = outcome(() -> JakartaMethods.counts(call.jdql()) ? (Object) finder.count()
        : (limit != null ? finder.limit(limit.maxResults()) : finder).list());
    if (declared instanceof String || runTime instanceof String) {
      if (!declared.equals(runTime)) {
        differences.add(declared + " / run time " + runTime);
      }
      return false;
    }
    if (declared instanceof Long count) {
      if (!count.equals(runTime)) {
        differences.add("counts " + count + " / run time " + runTime);
      }
      return count > 0;
    }
    List<?> found = (List<?>) runTime;
    String selected = JakartaMethods.selected(call.jdql());
    if (selected != null) {
      String last = call.order().isEmpty() ? "" : call.order().get(call.order().size() - 1).field();
      assertTrue(last.equals(selected) || last.equals(call.entity().id().name()), call.listed() + ": a projection in a total order");
      Class<?> element = (Class<?>) ((java.lang.reflect.ParameterizedType) m.getGenericReturnType()).getActualTypeArguments()[0];
      List<Object> values = new ArrayList<>();
      for (Object e : found) {
        values.add(JakartaMethods.declaredArgument(element, JakartaMethods.property(e, selected), e, m, -1));
      }
      if (!values.equals(declared)) {
        differences.add("values " + declared + " / run time " + values);
      }
      return !values.isEmpty();
    }
    List<?> entities;
    List<?> expected;
    boolean cutBefore = false;
    boolean cutAfter;
    if (request != null) {
      Page<?> page = (Page<?>) declared;
      entities = page.content();
      int from = (int) Math.min(found.size(), (request.page() - 1) * request.size());
      int to = (int) Math.min(found.size(), request.page() * request.size());
      expected = found.subList(from, to);
      cutBefore = from > 0;
      cutAfter = to < found.size();
      if (request.requestTotal() && page.totalElements() != found.size()) {
        differences.add("total " + page.totalElements() + " / run time " + found.size());
      }
    } else {
      entities = declared instanceof Object[] array ? List.of(array) : declared == null ? List.of() : (List<?>) declared;
      expected = found;
      cutAfter = limit != null && found.size() == limit.maxResults();
    }
    List<List<String>> answer = rows(entities, call.entity());
    String difference = sameRows(answer, rows(expected, call.entity()), keyColumns(order, call.entity()), cutBefore, cutAfter);
    if (difference != null) {
      differences.add(difference + " in the order " + order);
    }
    return !expected.isEmpty();
  }

  /**
   * Compares an {@code UPDATE}'s or {@code DELETE}'s effect with the finder of its {@code WHERE} on the same rows (see the
   * class comment), adding each difference to {@code differences}; returns whether it changed something.
   */
  private boolean sameEffect(Call call, Object impl, Object[] args, List<String> differences) throws ReflectiveOperationException {
    Map<String, Object> before = stored(call, impl);
    Object matched = outcome(() -> finder(call, impl, args).list());
    Object changed = outcome(() -> JakartaMethods.settle(call.method().invoke(impl, args)));
    if (matched instanceof String || changed instanceof String) {
      if (!matched.equals(changed)) {
        differences.add(changed + " / run time " + matched);
      }
      return false;
    }
    Map<String, List<String>> after = shown(stored(call, impl), call.entity());
    Set<String> ids = rows((List<?>) matched, call.entity()).stream().map(r -> r.get(idColumn(call.entity())))
        .collect(Collectors.toSet());
    if (((Number) changed).longValue() != ids.size()) {
      differences.add("changed " + changed + " / run time finds " + ids.size());
    }
    Map<String, List<String>> expected = shown(before, call.entity());
    if (call.jdql().startsWith("DELETE ")) {
      expected.keySet().removeAll(ids);
    } else {
      for (String id : ids) {
        expected.put(id, assigned(call, before.get(id), args));
      }
    }
    if (!expected.equals(after)) {
      differences.add("rows after " + after + " / expected from the run-time finder's " + ids + ": " + expected);
    }
    return !ids.isEmpty();
  }

  /**
   * The entity {@code was}, shown as {@link #rows} shows it, as {@code call}'s {@code SET} leaves it: each property it
   * assigns holds the value {@link JdqlUpdateValues} computes from {@code was} and the arguments {@code args}.
   */
  private static List<String> assigned(Call call, Object was, Object[] args) throws ReflectiveOperationException {
    List<String> row = row(was, call.entity());
    List<String> fields = call.entity().fields().stream().map(FieldInfo::name).toList();
    JdqlUpdateValues.assigned(call.jdql(), was, name -> args[JakartaMethods.methodParameter(name, call.jdql(), call.jdqlNames())])
        .forEach((property, value) -> row.set(fields.indexOf(property), String.valueOf(value)));
    return row;
  }

  /** Every entity stored, by its id as {@link #rows} shows it, read by the run-time finder of every row. */
  @SuppressWarnings("unchecked")
  private static Map<String, Object> stored(Call call, Object impl) throws ReflectiveOperationException {
    Map<String, Object> byId = new TreeMap<>();
    for (Object e : ((Queryable<Object>) impl).jdql("").allowScan().list()) {
      byId.put(String.valueOf(JakartaMethods.property(e, call.entity().id().name())), e);
    }
    return byId;
  }

  /** The entities {@code byId} as {@link #rows} shows them, by the same keys. */
  private static Map<String, List<String>> shown(Map<String, Object> byId, EntityInfo entity) throws ReflectiveOperationException {
    Map<String, List<String>> shown = new TreeMap<>();
    for (Map.Entry<String, Object> e : byId.entrySet()) {
      shown.put(e.getKey(), row(e.getValue(), entity));
    }
    return shown;
  }

  private static int idColumn(EntityInfo entity) {
    return entity.fields().indexOf(entity.id());
  }

  /** Each entity as its properties' values, shown, in the order of {@code entity}'s fields. */
  private static List<List<String>> rows(List<?> entities, EntityInfo entity) throws ReflectiveOperationException {
    List<List<String>> rows = new ArrayList<>();
    for (Object e : entities) {
      rows.add(row(e, entity));
    }
    return rows;
  }

  /** One entity {@code e} as {@link #rows} shows it. */
  private static List<String> row(Object e, EntityInfo entity) throws ReflectiveOperationException {
    List<String> row = new ArrayList<>();
    for (FieldInfo f : entity.fields()) {
      row.add(String.valueOf(JakartaMethods.property(e, f.name())));
    }
    return row;
  }

  /** The columns of {@link #rows} an order sorts by, with whether each ignores case. */
  private static Map<Integer, Boolean> keyColumns(List<SortKey> order, EntityInfo entity) {
    List<String> fields = entity.fields().stream().map(FieldInfo::name).toList();
    Map<Integer, Boolean> columns = new LinkedHashMap<>();
    order.forEach(k -> columns.putIfAbsent(fields.indexOf(k.field()), k.ignoreCase()));
    return columns;
  }

  /**
   * Null when {@code declared} and {@code runTime} are the same answer of a query sorted by {@code keys}, else what
   * differs: the same runs of equal sort values in the same order, each run's rows equal as a multiset, only the size of
   * a run cut by a page's start ({@code cutBefore}) or end, or a limit ({@code cutAfter}). Sort values are equal as the
   * order compares them: a decimal by its value in every scale, text ignoring case where the sort does.
   */
  static String sameRows(List<List<String>> declared, List<List<String>> runTime, Map<Integer, Boolean> keys, boolean cutBefore,
      boolean cutAfter) {
    List<List<List<String>>> expected = runs(runTime, keys);
    List<List<List<String>>> actual = runs(declared, keys);
    List<String> expectedKeys = expected.stream().map(r -> key(r.get(0), keys) + " x" + r.size()).toList();
    List<String> actualKeys = actual.stream().map(r -> key(r.get(0), keys) + " x" + r.size()).toList();
    if (!expectedKeys.equals(actualKeys)) {
      return "rows " + declared + " / run time " + runTime;
    }
    for (int i = 0; i < expected.size(); i++) {
      boolean cut = i == 0 && cutBefore || i == expected.size() - 1 && cutAfter;
      Comparator<List<String>> byText = Comparator.comparing(List::toString);
      if (!cut && !expected.get(i).stream().sorted(byText).toList().equals(actual.get(i).stream().sorted(byText).toList())) {
        return "rows " + declared + " / run time " + runTime;
      }
    }
    return null;
  }

  /** {@code rows} cut into runs of equal sort values. */
  private static List<List<List<String>>> runs(List<List<String>> rows, Map<Integer, Boolean> keys) {
    List<List<List<String>>> runs = new ArrayList<>();
    for (List<String> row : rows) {
      if (runs.isEmpty() || !key(runs.get(runs.size() - 1).get(0), keys).equals(key(row, keys))) {
        runs.add(new ArrayList<>());
      }
      runs.get(runs.size() - 1).add(row);
    }
    return runs;
  }

  private static List<String> key(List<String> row, Map<Integer, Boolean> keys) {
    List<String> key = new ArrayList<>();
    keys.forEach((column, ignoreCase) -> {
      String v = row.get(column);
      key.add(ignoreCase ? v.toLowerCase(java.util.Locale.ROOT) : v.matches("-?\\d+\\.\\d+") ? decimal(v) : v);
    });
    return key;
  }

  /** A decimal as its value, whatever its scale ({@code 1.50} as {@code 1.5}). */
  private static String decimal(String v) {
    return new BigDecimal(v).stripTrailingZeros().toPlainString();
  }
}
