package io.strata.processor.behaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.Database;
import io.strata.Continuation;
import io.strata.Finder;
import io.strata.OrderBy;
import io.strata.Page;
import io.strata.Restriction;
import io.strata.embedded.BackendContract;
import io.strata.processor.fixtures.jakarta.Bike;
import io.strata.processor.fixtures.jakarta.Bikes;
import io.strata.processor.fixtures.jakarta.BikesImpl;
import io.strata.processor.fixtures.jakarta.Car;
import io.strata.processor.fixtures.jakarta.Cars;
import io.strata.processor.fixtures.jakarta.CarsImpl;
import io.strata.processor.fixtures.jakarta.Consignment;
import io.strata.processor.fixtures.jakarta.ConsignmentRepository;
import io.strata.processor.fixtures.jakarta.Consignments;
import io.strata.processor.fixtures.jakarta.ConsignmentsImpl;
import io.strata.processor.fixtures.jakarta._Consignment;
import io.strata.processor.fixtures.jakarta.Gadget;
import io.strata.processor.fixtures.jakarta.Shipment;
import io.strata.processor.fixtures.jakarta.Shipments;
import io.strata.processor.fixtures.jakarta.ShipmentsImpl;
import io.strata.processor.fixtures.jakarta.Ticket;
import io.strata.processor.fixtures.jakarta.Tickets;
import io.strata.processor.fixtures.jakarta.TicketsImpl;
import io.strata.processor.fixtures.jakarta.Gadgets;
import io.strata.processor.fixtures.jakarta.GadgetsImpl;
import jakarta.data.Limit;
import jakarta.data.Order;
import jakarta.data.Sort;
import jakarta.data.page.CursoredPage;
import jakarta.data.page.PageRequest;
import jakarta.data.repository.By;
import jakarta.data.repository.Find;
import jakarta.data.repository.Query;
import io.strata.query.jdql.EnumConstants;
import io.strata.query.jdql.JdqlSelect;
import io.strata.query.jdql.JdqlTranslationException;
import io.strata.query.model.SortKey;
import io.strata.query.model.Window;
import java.math.BigDecimal;
import java.time.Instant;
import io.strata.processor.fixtures.queries.Reading;
import io.strata.processor.fixtures.queries.ReadingRepository;
import io.strata.processor.fixtures.queries.Readings;
import io.strata.processor.fixtures.queries.ReadingsImpl;
import io.strata.processor.fixtures.queries.Score;
import io.strata.processor.fixtures.queries.ScoreRepository;
import io.strata.processor.fixtures.queries.Scores;
import io.strata.processor.fixtures.queries.ScoresImpl;
import io.strata.processor.fixtures.queries.Seat;
import io.strata.processor.fixtures.queries.SeatRepository;
import io.strata.processor.fixtures.queries.Seats;
import io.strata.processor.fixtures.queries.SeatsImpl;
import io.strata.processor.fixtures.queries.Town;
import io.strata.processor.fixtures.queries._Reading;
import io.strata.processor.fixtures.queries._Score;
import io.strata.processor.fixtures.queries._Seat;
import io.strata.processor.fixtures.queries.TownRepository;
import io.strata.processor.fixtures.queries.Towns;
import io.strata.processor.fixtures.queries.TownsImpl;
import io.strata.processor.fixtures.queries._Town;
import io.strata.processor.planning.QueryPlanner;
import io.strata.query.RuntimeQueries;
import io.strata.query.ValueOrder;
import io.strata.query.model.Condition;
import io.strata.query.model.Condition.Compare;
import io.strata.query.model.EntityInfo;
import io.strata.query.model.FieldInfo;
import io.strata.query.model.Op;
import io.strata.query.model.Operand;
import io.strata.query.model.QuerySpec;
import io.strata.query.model.Semantics;
import io.strata.query.names.MethodName;
import io.strata.query.names.MethodNameParser;
import io.strata.query.names.Vocabulary;
import io.strata.query.plan.Planned;
import io.strata.query.plan.Planner;
import io.strata.query.plan.Unserved;
import io.strata.metamodel.Restrictable;
import io.strata.repository.EntityStore;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Same plans (issue 38): every query method of the Strata fixtures ({@link Towns}, {@link Readings}, {@link Scores},
 * {@link Seats}), planned as the processor plans it (its method name through the query model's method-name parser in
 * Strata's vocabulary, onto the {@link EntityInfo} the processor generated into the entity's repository), and the same
 * query built at run time (a {@link Restriction} of the same condition with values, its order and limit, through
 * {@link RuntimeQueries} over the generated repository's store), give equal plans (operands aside: a run-time query's
 * values are parameters {@code $0, $1, ...}); the generated method and the run-time finder, run on the same entities,
 * read the same keys; and the run-time {@code explain()} holds the key lines of the method's generated javadoc
 * ({@link GeneratedDocs}). The Jakarta fixture {@link Gadgets} is compared the same way, every front end of it. The
 * methods with no run-time equivalent are listed by name with the reason ({@link #STRATA_SKIPPED},
 * {@link #JAKARTA_NO_RUN_TIME_FORM}, {@link #INEXACT_LITERALS}), and so are the differences found and not closed yet
 * ({@link #EXPLAIN_DIFFERENCES}); each list is asserted exact, the Jakarta ones by {@code Fixture.method}, and so is
 * how many methods of each Jakarta
 * fixture are compared ({@link #JAKARTA_COMPARED}). Runs on the embedded engine ({@code SamePlansEmbeddedTest}) and a
 * real cluster ({@code SamePlansClusterTest}).
 *
 * <p>The other fixtures are compared the same way: {@code Consignments} (Strata's repository over a {@code @Convert}
 * property, whose query takes the column value: the test passes the converter's column value of the sample's weight)
 * with the Strata fixtures, and {@code Bikes}, {@code Cars}, {@code Tickets} and {@code Shipments} (entity styles,
 * {@code @Convert} properties) with {@link Gadgets}, each from its generated implementation's own {@code ENTITY}, store
 * and metamodel: every query method of the five, the methods with no run-time form aside ({@code Tickets.issue}, an
 * {@code @Insert}; five {@code Shipments} writes and {@code SELECT}s of a property). A value compared with a
 * {@code @Convert} property is the Java value ({@code Shipment.Weight}), which the Jakarta method and a run-time
 * restriction both take ({@code _Shipment.weight.equalTo(weight)}: the generated attribute converts it to the column
 * value its index holds), and its javadoc's {@code the column value of weight} is that parameter; the property is
 * compared by its column values in both, a JDQL literal being one. {@code Passes} and {@code Vouchers} declare no query
 * method, and {@code RestrictedGadgets}' methods take a run-time restriction already.
 *
 * <p>The samples application's repositories are not compared here: the samples module is compiled by this processor,
 * so the processor's tests cannot see its classes (the dependency would be a cycle), and these bodies live in the
 * processor's test sources, which no other module receives. The samples' three methods with a run-time form have
 * twins in {@link Towns}, of the same name and parameters on the same index layout ({@code byCountryPopulation
 * (country, population)}, a one-field index on population): {@code Places.findTop5ByCountryOrderByPopulationDesc},
 * {@code findByCountryOrderByPopulationDesc(country, limit, after)} and {@code findByPopulationBetween}, compared here
 * with the others. The rest have none ({@code Within}/{@code Near}: spatial; {@code countBy}/{@code sumPopulationBy}:
 * stored aggregates, which a run-time finder does not read; {@code Lookalikes}' nearest-neighbour searches).
 */
public abstract class SamePlansContract extends BackendContract {
  private static final List<Town> TOWNS = TownData.towns(400);
  /** The town whose values the queries ask for. */
  private static final Town SAMPLE = TOWNS.get(14);
  /** The {@code Limit.of(n)} a Jakarta method taking a {@code Limit} is called with, and its run-time twin's limit. */
  private static final int LIMIT = 5;

  /** Methods of {@link Towns} with no run-time equivalent, by the first word of the reason that matches. */
  static final Map<String, String> NO_RUN_TIME_FORM = new LinkedHashMap<>();

  static {
    NO_RUN_TIME_FORM.put("projection", "returns properties, not entities: a run-time finder returns whole entities");
    NO_RUN_TIME_FORM.put("spatial", "Within/Near: run-time restrictions have no spatial comparison");
    NO_RUN_TIME_FORM.put("write", "deletes: a run-time finder only reads");
    NO_RUN_TIME_FORM.put("context", "runs in the caller's transaction: a run-time finder runs in its own");
  }

  private static final String DECIMAL_EQUAL = "a decimal equality: the Jakarta processor states it as the range"
      + " 'price <= p <= p' (its javadoc says so); the planner keeps an equality read as a range over every scale"
      + " ('price = p in every scale'); the same keys are read";
  private static final String DECIMAL_IN = "an In on a decimal: the Jakarta processor keeps it among the equalities"
      + " ('each value of prices (one range per value)'); the planner reads it as a range per value over every scale"
      + " ('each value of prices in every scale'); the same keys are read";
  /**
   * Jakarta methods whose generated javadoc words an index read otherwise than the run-time plan of the same query, with
   * the reason: the Jakarta processor's own rewriting of a comparison before {@code PlanText} words it (a listed method
   * whose explanation holds its javadoc's key lines fails the test, so the list stays true). By {@code Fixture.method}.
   */
  static final Map<String, String> EXPLAIN_DIFFERENCES = Map.of(
      "Gadgets.findByPrice", DECIMAL_EQUAL, "Gadgets.countByPrice", DECIMAL_EQUAL, "Gadgets.pricedATenth", DECIMAL_EQUAL,
      "Gadgets.findByPriceIn", DECIMAL_IN, "Gadgets.countByPriceIn", DECIMAL_IN);


  /** The Strata fixtures' methods with no run-time form (name and parameter types), by the key of {@link #NO_RUN_TIME_FORM}. */
  static final Map<String, String> STRATA_SKIPPED = Map.ofEntries(
      Map.entry("deleteByCountryIn[TransactionContext, Collection]", "context"),
      Map.entry("deleteByCountry[String]", "write"),
      Map.entry("findByCountryIn[Collection]", "projection"),
      Map.entry("findByCountry[ReadTransactionContext, String]", "context"),
      Map.entry("findByLocationNear[GeoPoint, double]", "spatial"),
      Map.entry("findByLocationWithinAndCountry[BoundingBox, String]", "spatial"),
      Map.entry("findByLocationWithin[BoundingBox, int, Continuation]", "spatial"),
      Map.entry("findByLocationWithin[BoundingBox]", "spatial"),
      Map.entry("findDistinctCountryByCapitalTrue[]", "projection"),
      Map.entry("findDistinctNameByPopulationBetween[long, long]", "projection"),
      Map.entry("findDistinctTop3NameByPopulationBetween[long, long]", "projection"),
      Map.entry("findFirst3ByLocationWithinAndCountry[BoundingBox, String]", "spatial"),
      Map.entry("findIdByCountryOrderByPopulationDesc[String]", "projection"),
      Map.entry("findNameByCountry[String]", "projection"),
      Map.entry("readByPopulationGreaterThan[long]", "projection"),
      Map.entry("removeByCode[String]", "write"),
      Map.entry("removeByCountry[String]", "write"),
      Map.entry("streamAtBySensorInOrderByAtDesc[Collection]", "projection"),
      Map.entry("streamByLocationWithin[BoundingBox]", "spatial"),
      Map.entry("streamNameByCountryOrderByPopulationDesc[String]", "projection"));


  private final KeyCounter counter = new KeyCounter();
  private Database counted;
  private final AtomicReference<Planned> runTimePlan = new AtomicReference<>();

  @BeforeEach
  void countKeys() {
    counted = counter.wrap(db);
  }

  /**
   * A Strata fixture: its repository interface {@code api} and generated implementation, the entity as the processor
   * stated it to the planner, run-time queries over the same store (each plan recorded: new queries, so no plan is
   * cached), and the entity whose values the queries ask for.
   */
  private record StrataFixture(Class<?> api, Object impl, GeneratedDocs docs, EntityInfo entity,
      java.util.function.Supplier<RuntimeQueries<Object>> queries, Object sample) {}

  /**
   * {@code saved}, saved through the generated {@code repository} class, and the fixture of {@code api}: the entity
   * ({@code ENTITY}), store and metamodel attributes ({@code metamodel}'s) the generated repository runs its own
   * run-time queries with.
   */
  @SuppressWarnings("unchecked")
  private StrataFixture strataFixture(Class<?> api, Class<?> impl, Class<?> repository, Class<?> metamodel, List<?> saved,
      Object sample) throws ReflectiveOperationException {
    Object generated = repository.getConstructor(Database.class).newInstance(counted);
    repository.getMethod("saveAll", Iterable.class).invoke(generated, saved);
    Field info = repository.getDeclaredField("ENTITY");
    info.setAccessible(true);
    EntityInfo entity = (EntityInfo) info.get(null);
    Field storeField = repository.getDeclaredField("store");
    storeField.setAccessible(true);
    EntityStore<Object> store = (EntityStore<Object>) storeField.get(generated);
    List<Restrictable<Object, ?>> attributes = new ArrayList<>();
    for (FieldInfo f : entity.fields()) {
      attributes.add((Restrictable<Object, ?>) metamodel.getField(f.name()).get(null));
    }
    java.util.function.Supplier<RuntimeQueries<Object>> queries = () -> new RuntimeQueries<>(counted, store, entity, attributes,
        Semantics.STRATA, ValueOrder.KEYS, spec -> {
          Planned p = Planner.plan(spec);
          runTimePlan.set(p);
          return p;
        });
    return new StrataFixture(api, impl.getConstructor(Database.class).newInstance(counted), GeneratedDocs.of(impl), entity,
        queries, sample);
  }

  /** Readings with nulls (a level, an empty note), several sensors and decimal scales. */
  private static List<Reading> readings() {
    List<Reading> out = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      out.add(new Reading("r" + i, "s" + i % 5, Instant.ofEpochSecond(1_700_000_000L + i * 60L), BigDecimal.valueOf(i % 23, i % 3),
          i % 7 == 0 ? null : Reading.Level.values()[i % 2], i % 3 == 0 ? Optional.empty() : Optional.of("note-" + i % 11)));
    }
    return out;
  }

  @Test
  void everyQueryMethodPlansAndReadsAsItsRunTimeQuery() throws ReflectiveOperationException {
    List<String> compared = new ArrayList<>();
    Map<String, String> skipped = new java.util.TreeMap<>();
    List<String> differences = new ArrayList<>();
    List<Reading> readings = readings();
    List<Score> scores = new ArrayList<>();
    List<Seat> seats = new ArrayList<>();
    List<Consignment> consignments = new ArrayList<>();
    for (int i = 0; i < 120; i++) {
      scores.add(new Score("c" + i, i % 37 * 0.5));
      seats.add(new Seat(i, "S" + i % 6, i / 6));
      consignments.add(new Consignment("k" + i, new Shipment.Weight(100L * (i % 7))));
    }
    int explained = 0;
    for (StrataFixture fixture : List.of(
        strataFixture(Towns.class, TownsImpl.class, TownRepository.class, _Town.class, TOWNS, SAMPLE),
        strataFixture(Readings.class, ReadingsImpl.class, ReadingRepository.class, _Reading.class, readings, readings.get(16)),
        strataFixture(Scores.class, ScoresImpl.class, ScoreRepository.class, _Score.class, scores, scores.get(14)),
        strataFixture(Seats.class, SeatsImpl.class, SeatRepository.class, _Seat.class, seats, seats.get(14)),
        strataFixture(Consignments.class, ConsignmentsImpl.class, ConsignmentRepository.class, _Consignment.class, consignments,
            consignments.get(14)))) {
      explained += compareStrata(fixture, compared, skipped, differences);
    }
    assertEquals(List.of(), differences);
    assertTrue(compared.size() >= 55, "compared " + compared.size() + " methods: " + compared + "; skipped " + skipped);
    assertTrue(explained >= 40, "the explanations of " + explained + " methods' index reads checked against their javadoc");
    assertEquals(STRATA_SKIPPED, skipped, "the Strata methods with no run-time form");
  }

  /**
   * Compares each query method of {@code fixture} with its run-time query (plans, keys read, explanation), adding what
   * it compared, skipped (with the key of {@link #NO_RUN_TIME_FORM}) and found different; returns how many methods'
   * javadoc key lines were checked.
   */
  private int compareStrata(StrataFixture fixture, List<String> compared, Map<String, String> skipped, List<String> differences)
      throws ReflectiveOperationException {
    EntityInfo entity = fixture.entity();
    GeneratedDocs docs = fixture.docs();
    java.util.Set<String> properties = entity.fields().stream().map(FieldInfo::name).collect(Collectors.toSet());
    int explained = 0;
    List<Method> methods = Arrays.stream(fixture.api().getDeclaredMethods())
        .filter(m -> !m.isDefault() && !Modifier.isStatic(m.getModifiers()))
        .sorted(Comparator.comparing(Method::toGenericString)).toList();
    for (Method m : methods) {
      MethodName name = MethodNameParser.parse(m.getName(), properties, Vocabulary.STRATA);
      String skip = skipReason(m, name);
      if (skip != null) {
        skipped.put(m.getName() + Arrays.stream(m.getParameterTypes()).map(Class::getSimpleName).toList(), skip);
        continue;
      }
      List<String> params = new ArrayList<>();
      for (int i = 0; i < name.parameterCount(); i++) {
        params.add("p" + i);
      }
      Condition where = name.condition(params);
      // @AllowFiltering is not kept in class files: a method the processor accepted whose query no index serves alone
      // is one (and where an index serves it alone, a scan allowed changes no plan)
      Planned compileTime = declaredPlan(entity, name, where, false);
      boolean allowScan = compileTime instanceof Unserved;
      if (allowScan) {
        compileTime = declaredPlan(entity, name, where, true);
      }
      Map<String, Object> values = values(m, where, params, fixture.sample());

      Object[] args = new Object[m.getParameterCount()];
      for (int i = 0; i < params.size(); i++) {
        args[i] = JakartaMethods.declaredArgument(m.getParameterTypes()[i], values.get(params.get(i)), fixture.sample(), m, i);
      }
      boolean paged = m.getReturnType() == Page.class || pagedFuture(m);
      if (paged) {
        args[params.size()] = 4;
      }
      AtomicReference<Object> declaredAnswer = new AtomicReference<>();
      List<Long> declared = keys(() -> JakartaMethods.settle(invoke(fixture.impl(), m, args)), declaredAnswer);

      runTimePlan.set(null);
      Finder<Object> finder = fixture.queries().get().where(new Restriction<>(bound(where, values)));
      if (!name.sortKeys().isEmpty()) {
        finder = finder.orderBy(name.sortKeys().stream().map(k -> new OrderBy<Object>(k)).toList());
      }
      if (name.window().first() > 0) {
        finder = finder.limit(name.window().first());
      }
      if (allowScan) {
        finder = finder.allowScan();
      }
      Finder<Object> f = finder;
      List<Long> runTime;
      AtomicReference<Object> runTimeAnswer = new AtomicReference<>();
      try {
        runTime = keys(() -> {
          if (name.action() == MethodName.Action.COUNT) {
            return f.count();
          }
          if (name.action() == MethodName.Action.EXISTS) {
            return f.exists();
          }
          return paged ? f.page(4, (Continuation) null) : f.list();
        }, runTimeAnswer);
      } catch (RuntimeException e) {
        differences.add(m.getName() + ": at run time " + e);
        continue;
      }
      String shown = m.getName() + Arrays.toString(m.getParameterTypes());
      explained += sameKeyLines(shown, docs.of(m), f.explain(), runTimeNames(where, docs.of(m).parameters()), differences);
      if (!shape(compileTime).equals(shape(runTimePlan.get()))) {
        differences.add(shown + ": plans " + shape(compileTime) + " / run time " + shape(runTimePlan.get()));
      }
      if (!declared.equals(runTime)) {
        differences.add(shown + ": keys read (I, U, R, gets) " + declared + " / run time " + runTime);
      }
      sameAnswer(shown, declaredAnswer.get(), runTimeAnswer.get(), entity, !name.sortKeys().isEmpty(), differences);
      compared.add(shown);
    }
    return explained;
  }

  /** The two orders a Jakarta method taking an {@code Order} or {@code Sort}s is called with, besides none. */
  private static final List<List<Sort<?>>> ORDERS = List.of(List.of(Sort.desc("size"), Sort.asc("id")), List.of(Sort.asc("name")));
  /** The page size a Jakarta method taking a {@code PageRequest} is asked for, and its run-time twin's page size. */
  private static final int PAGE = 4;

  private static final String READS_ONLY = ": a run-time finder only reads";
  private static final String PROPERTY_SELECTED = ": returns a property, not entities; a run-time finder returns whole"
      + " entities";

  /**
   * Methods of the Jakarta fixtures with no run-time form, by {@code Fixture.method}, with the reason. The test finds
   * each method's reason from the method itself ({@link #noRunTimeForm}: {@code @Insert}, a delete by name, a JDQL
   * {@code UPDATE} or {@code DELETE}, a {@code SELECT} of a property) and fails when this list is not exactly those.
   */
  static final Map<String, String> JAKARTA_NO_RUN_TIME_FORM = Map.ofEntries(
      Map.entry("Gadgets.deleteBySizeLessThan", "deletes" + READS_ONLY),
      Map.entry("Gadgets.grow", "a JDQL UPDATE" + READS_ONLY),
      Map.entry("Gadgets.reset", "a JDQL UPDATE" + READS_ONLY),
      Map.entry("Gadgets.removeSmallParts", "a JDQL DELETE" + READS_ONLY),
      Map.entry("Gadgets.namesIn", "SELECT name" + PROPERTY_SELECTED),
      Map.entry("Tickets.issue", "@Insert" + READS_ONLY),
      Map.entry("Shipments.recolor", "a JDQL UPDATE" + READS_ONLY),
      Map.entry("Shipments.paintBlueByCode", "a JDQL UPDATE" + READS_ONLY),
      Map.entry("Shipments.deleteLighterThan", "a JDQL DELETE" + READS_ONLY),
      Map.entry("Shipments.colorsHeavierThan", "SELECT color" + PROPERTY_SELECTED),
      Map.entry("Shipments.colorCodesHeavierThan", "SELECT color" + PROPERTY_SELECTED));

  /**
   * How many methods of each Jakarta fixture are compared with their run-time query: every declared method but those of
   * {@link #JAKARTA_NO_RUN_TIME_FORM} and {@link #INEXACT_LITERALS} (the test fails when a
   * method goes uncompared otherwise, or one more is compared).
   */
  static final Map<String, Integer> JAKARTA_COMPARED = Map.of("Gadgets", 82, "Bikes", 1, "Cars", 2, "Tickets", 1,
      "Shipments", 7);

  /**
   * {@code @Query} methods of {@link Gadgets} comparing a property with a literal its type does not hold exactly: the
   * run-time JDQL refuses the same text ({@link JdqlTranslationException}: pass the value as a parameter), where the
   * declared method rounds its bounds (outwards to floats; to the integers a bound accepts). No run-time form. By
   * {@code Fixture.method}.
   */
  static final List<String> INEXACT_LITERALS = Stream.of("countSizedBetween", "countSizedFromTwoAndAHalf",
      "countSizedSevenAndAHalf", "countSizedUpToSeventeenAndAHalf", "ratedATenth", "ratedAboveATenth", "ratedBelowATenth",
      "ratedFromATenthTo", "sizedAboveMinusAHalf", "sizedAboveTwoAndAHalf", "sizedBelowMinusAHalf",
      "sizedBelowSeventeenAndAHalf", "sizedFromTwoAndAHalf", "sizedSevenAndAHalf", "sizedUpToSeventeenAndAHalf")
      .map(n -> "Gadgets." + n).toList();


  /** A Jakarta query method as the test reads it: its condition over parameters {@code p<i>}, its static order. */
  private record JakartaQuery(Condition where, List<SortKey> order, int first, MethodName.Action action, String jdql) {}

  /**
   * Jakarta Data: each query method of {@link Gadgets}, {@code Bikes}, {@code Cars}, {@code Tickets} and
   * {@code Shipments} (by its name, {@code @Find} with its {@code @By} parameters, or parameters named as properties, and
   * {@code @OrderBy}s, or {@code @Query}: the same JDQL text through {@code jdql(...)} at run time), called with no
   * order and with each of {@link #ORDERS} where it takes an {@code Order} or {@code Sort}s, a limit where it takes one
   * and the first page of {@link #PAGE} (no total) where it takes a {@code PageRequest}, planned in Jakarta's semantics,
   * and the same query at run time in Jakarta's semantics and value order: equal plans, equal keys read, and the
   * run-time {@code explain()} holds the key lines of the method's generated javadoc. The gadgets have nulls (weight,
   * color, kind, price) where the entity allows them.
   */
  @Test
  void everyJakartaQueryMethodPlansAndReadsAsItsRunTimeQuery() throws ReflectiveOperationException {
    Database jakartaDb = counter.wrap(db);
    List<Gadget> gadgets = new ArrayList<>();
    List<String> colors = List.of("red", "green", "blue");
    for (int i = 1; i <= 300; i++) {
      gadgets.add(new Gadget(i, "gadget-" + i, i % 7 == 3 ? null : colors.get(i % 3), i % 21, i % 5 == 0 ? null : i * 0.25,
          i % 13 == 5 ? null : Gadget.Kind.values()[i % 3], i % 2 == 0, i * 0.5, i * 0.5f, i % 11 == 4 ? null : BigDecimal.valueOf(i, 1)));
    }
    List<Bike> bikes = new ArrayList<>();
    List<Car> cars = new ArrayList<>();
    List<Ticket> tickets = new ArrayList<>();
    List<Shipment> shipments = new ArrayList<>();
    for (int i = 0; i < 60; i++) {
      Bike bike = new Bike((long) i, "brand-" + i % 4);
      bike.setGears(i % 5);
      bikes.add(bike);
      cars.add(new Car("model-" + i % 4, "car-" + i, i % 2 == 0, 2000 + i % 10));
      tickets.add(new Ticket("t" + i, "owner-" + i % 5, i));
      shipments.add(new Shipment("s" + i, new Shipment.Weight(100L * (i % 7)), Shipment.Color.values()[i % 3]));
    }
    JakartaTally tally = new JakartaTally();
    for (JakartaFixture fixture : List.of(
        jakartaFixture(jakartaDb, Gadgets.class, GadgetsImpl.class, gadgets, gadgets.get(13), ORDERS),
        jakartaFixture(jakartaDb, Bikes.class, BikesImpl.class, bikes, bikes.get(14), List.of()),
        jakartaFixture(jakartaDb, Cars.class, CarsImpl.class, cars, cars.get(14), List.of()),
        jakartaFixture(jakartaDb, Tickets.class, TicketsImpl.class, tickets, tickets.get(14), List.of()),
        jakartaFixture(jakartaDb, Shipments.class, ShipmentsImpl.class, shipments, shipments.get(14), List.of()))) {
      if (fixture == null) {
        Assumptions.abort("the per-field compilation of the fixtures writes no metamodel: compared in the default one");
      }
      compareJakarta(fixture, tally);
    }
    List<String> differences = tally.differences;
    EXPLAIN_DIFFERENCES.keySet().stream().filter(n -> !tally.wordedOtherwise.contains(n))
        .forEach(n -> differences.add(n + ": listed in EXPLAIN_DIFFERENCES, but explain() holds its javadoc's key lines"));
    assertEquals(List.of(), differences);
    assertEquals(JAKARTA_NO_RUN_TIME_FORM, tally.skipped, "the methods with no run-time form");
    assertEquals(INEXACT_LITERALS, tally.inexact.stream().sorted().toList(), "the @Query methods whose JDQL the run-time translator refuses");
    assertEquals(JAKARTA_COMPARED, tally.comparedMethods, "the methods compared, by fixture: " + tally.compared);
    assertTrue(tally.compared.size() >= 110, "compared " + tally.compared.size() + ": " + tally.compared);
    assertTrue(tally.explained >= 60, "the explanations of " + tally.explained + " index reads checked against their javadoc");
  }

  /** What the Jakarta comparison found, across fixtures. */
  private static final class JakartaTally {
    final List<String> differences = new ArrayList<>();
    final Map<String, String> skipped = new LinkedHashMap<>();
    final List<String> compared = new ArrayList<>();
    final List<String> inexact = new ArrayList<>();
    final java.util.Set<String> wordedOtherwise = new java.util.HashSet<>();
    /** How many methods of each fixture were compared (each in every order it is called with). */
    final Map<String, Integer> comparedMethods = new java.util.TreeMap<>();
    int explained;
  }

  /**
   * A Jakarta Data fixture: its repository interface, the generated implementation over the counted database with
   * {@code saved} in it, the entity as the processor stated it to the planner ({@code ENTITY} of the implementation), the
   * run-time queries over the implementation's own store and metamodel attributes, each plan recorded (new queries, so no
   * plan is cached), the entity whose values the queries ask for, and the orders a method taking an {@code Order} or
   * {@code Sort}s is called with besides none.
   */
  private record JakartaFixture(Class<?> api, Object impl, EntityInfo entity,
      java.util.function.Supplier<RuntimeQueries<Object>> queries, GeneratedDocs docs, Object sample, List<List<Sort<?>>> orders) {}

  /** The fixture of {@code api}, or null when the compilation wrote no metamodel class for its entity. */
  @SuppressWarnings("unchecked")
  private JakartaFixture jakartaFixture(Database counted, Class<?> api, Class<?> impl, List<?> saved, Object sample,
      List<List<Sort<?>>> orders) throws ReflectiveOperationException {
    Object generated = impl.getConstructor(Database.class).newInstance(counted);
    impl.getMethod("saveAll", List.class).invoke(generated, saved);
    Field info = impl.getDeclaredField("ENTITY");
    info.setAccessible(true);
    EntityInfo entity = (EntityInfo) info.get(null);
    EntityStore<Object> store = null;
    for (Field f : impl.getDeclaredFields()) {
      if (f.getType() == io.strata.jakarta.data.DataStore.class) {
        f.setAccessible(true);
        store = ((io.strata.jakarta.data.DataStore<Object>) f.get(generated)).reads().store();
      }
    }
    Class<?> metamodel;
    try {
      metamodel = Class.forName(sample.getClass().getPackageName() + "._" + sample.getClass().getSimpleName());
    } catch (ClassNotFoundException e) {
      return null;
    }
    List<Restrictable<Object, ?>> attributes = new ArrayList<>();
    for (FieldInfo f : entity.fields()) {
      attributes.add((Restrictable<Object, ?>) metamodel.getField(f.name()).get(null));
    }
    EntityStore<Object> read = store;
    java.util.function.Supplier<RuntimeQueries<Object>> queries = () -> new RuntimeQueries<>(counted, read, entity, attributes,
        Semantics.JAKARTA, io.strata.jakarta.data.Values.ORDER, spec -> {
          Planned p = Planner.plan(spec);
          runTimePlan.set(p);
          return p;
        });
    return new JakartaFixture(api, generated, entity, queries, GeneratedDocs.of(impl), sample, orders);
  }

  /**
   * Compares each query method of {@code fixture} with its run-time query, called with no order and with each of the
   * fixture's orders where it takes an {@code Order} or {@code Sort}s (plans, keys read, explanation), into {@code tally}.
   */
  private void compareJakarta(JakartaFixture fixture, JakartaTally tally) throws ReflectiveOperationException {
    EntityInfo entity = fixture.entity();
    GeneratedDocs docs = fixture.docs();
    EnumConstants enums = EnumConstants.of(fixture.api().getClassLoader());
    List<String> differences = tally.differences;
    tally.comparedMethods.put(fixture.api().getSimpleName(), 0);
    for (Method m : Arrays.stream(fixture.api().getDeclaredMethods()).sorted(Comparator.comparing(Method::toGenericString)).toList()) {
      String listed = fixture.api().getSimpleName() + "." + m.getName();
      String reason = noRunTimeForm(m, entity);
      if (reason != null) {
        tally.skipped.put(listed, reason);
        continue;
      }
      List<String> parameterNames = docs.of(m).parameters();
      List<String> jdqlNames = JakartaMethods.jdqlNames(m, parameterNames);
      JakartaQuery query;
      try {
        query = jakartaQuery(m, entity, parameterNames, jdqlNames, enums);
      } catch (JdqlTranslationException e) {
        tally.inexact.add(listed);
        continue;
      }
      Map<String, Object> values = new LinkedHashMap<>();
      // the parameters as the javadoc names them: one compared with a @Convert property, 'the column value of' it
      List<String> shownNames = new ArrayList<>(parameterNames);
      for (Compare c : JakartaMethods.compares(query.where())) {
        Object value = JakartaMethods.property(fixture.sample(), c.field());
        for (Operand o : c.operands()) {
          if (o instanceof Operand.Param p) {
            int at = Integer.parseInt(p.name().substring(1));
            if (fixture.sample().getClass().getDeclaredField(c.field()).isAnnotationPresent(jakarta.nosql.Convert.class)) {
              shownNames.set(at, "the column value of " + parameterNames.get(at));
            }
            Object v = c.op() == Op.STARTS_WITH || c.op() == Op.CONTAINS || c.op() == Op.ENDS_WITH ? ((String) value).substring(0, 3)
                : c.op() == Op.LIKE ? ((String) value).substring(0, 3) + "%" : value;
            values.put(p.name(), List.class.isAssignableFrom(m.getParameterTypes()[at]) ? List.of(v) : v);
          }
        }
      }
      for (int i = 0; i < m.getParameterCount(); i++) {
        if (!JakartaMethods.SPECIAL.contains(m.getParameterTypes()[i]) && !values.containsKey("p" + i)) {
          // compared in a JDQL expression (LENGTH(name) > ?1), which the model holds as a test, not a comparison
          assertEquals(int.class, m.getParameterTypes()[i], m + ": a value for its parameter " + i);
          values.put("p" + i, 6);
        }
      }
      boolean ordered = Arrays.stream(m.getParameterTypes()).anyMatch(t -> t == Order.class || t == Sort.class || t == Sort[].class);
      boolean oneSort = Arrays.asList(m.getParameterTypes()).contains(Sort.class);
      List<List<Sort<?>>> orders = new ArrayList<>();
      if (!oneSort) {
        orders.add(List.of());
      }
      if (ordered) {
        orders.addAll(fixture.orders());
      }
      int calls = 0;
      for (List<Sort<?>> order : orders) {
        String shown = listed + (ordered ? " [" + order.stream().map(o -> o.property() + (o.isDescending() ? " desc" : " asc"))
            .collect(Collectors.joining(", ")) + "]" : "");
        Object[] args = new Object[m.getParameterCount()];
        for (int i = 0; i < m.getParameterCount(); i++) {
          Class<?> t = m.getParameterTypes()[i];
          args[i] = t == Order.class ? JakartaMethods.order(order) : t == Sort.class ? order.get(0) : t == Sort[].class
              ? order.toArray(new Sort<?>[0]) : t == Limit.class ? Limit.of(LIMIT) : t == PageRequest.class
              ? PageRequest.ofSize(PAGE).withoutTotal() : JakartaMethods.declaredArgument(t, values.get("p" + i), fixture.sample(), m, i);
        }
        boolean limited = args.length > 0 && Arrays.stream(args).anyMatch(a -> a instanceof Limit);
        boolean paged = Arrays.stream(args).anyMatch(a -> a instanceof PageRequest);
        List<SortKey> sort = new ArrayList<>(query.order());
        // a single Sort parameter takes the order's first sort alone
        (oneSort ? order.subList(0, 1) : order).forEach(s -> sort.add(new SortKey(s.property(), s.isDescending(), s.ignoreCase())));
        if (sort.isEmpty() && m.getReturnType() == CursoredPage.class) {
          // the same query: a CursoredPage given no order pages by the id ascending, its cursors holding the id
          sort.add(new SortKey(entity.id().name(), false, false));
        }
        AtomicReference<Object> declaredAnswer = new AtomicReference<>();
        List<Long> declared = keys(() -> JakartaMethods.settle(invoke(fixture.impl(), m, args)), declaredAnswer);
        Window window = new Window(query.first(), false, Window.Paging.NONE);
        Planned compileTime = Planner.plan(new QuerySpec(entity, query.where(), sort, window, null, true, Semantics.JAKARTA));
        if (compileTime instanceof Unserved && !sort.isEmpty()) {
          // an order no index holds: read as the unordered query is, sorted in memory
          compileTime = Planner.plan(new QuerySpec(entity, query.where(), List.of(), window, null, true, Semantics.JAKARTA));
        }
        runTimePlan.set(null);
        RuntimeQueries<Object> runTime = fixture.queries().get();
        Finder<Object> finder;
        Map<String, String> names = new LinkedHashMap<>();
        if (query.jdql() != null) {
          finder = runTime.jdql(query.jdql());
          for (Map.Entry<String, Object> v : values.entrySet()) {
            finder = finder.bind(JakartaMethods.jdqlParameter(query.jdql(), jdqlNames, Integer.parseInt(v.getKey().substring(1))), v.getValue());
          }
          for (int i = 0; i < parameterNames.size(); i++) {
            names.put(JakartaMethods.jdqlParameter(query.jdql(), jdqlNames, i), shownNames.get(i));
          }
          names.putAll(literalNames(JdqlSelect.of(query.jdql(), entity, enums).where(), query.jdql()));
        } else {
          finder = runTime.where(new Restriction<>(bound(query.where(), values)));
          names.putAll(runTimeNames(query.where(), shownNames));
        }
        finder = finder.allowScan().orderBy(sort.stream().map(k -> new OrderBy<Object>(k)).toList());
        if (query.first() > 0 || limited) {
          finder = finder.limit(limited ? LIMIT : query.first());
        }
        Finder<Object> f = finder;
        boolean stream = m.getReturnType() == Stream.class;
        List<Long> read;
        AtomicReference<Object> runTimeAnswer = new AtomicReference<>();
        try {
          read = keys(() -> query.action() == MethodName.Action.COUNT ? (Object) f.count()
              : query.action() == MethodName.Action.EXISTS ? (Object) f.exists() : paged ? f.page(PAGE, null)
              : stream ? f.stream().toList() : f.list(), runTimeAnswer);
        } catch (RuntimeException e) {
          differences.add(shown + ": at run time " + e);
          continue;
        }
        List<String> worded = new ArrayList<>();
        tally.explained += sameKeyLines(shown, docs.of(m), f.explain(), names, worded);
        if (!worded.isEmpty()) {
          tally.wordedOtherwise.add(listed);
          if (!EXPLAIN_DIFFERENCES.containsKey(listed)) {
            differences.addAll(worded);
          }
        }
        if (!shape(compileTime).equals(shape(runTimePlan.get()))) {
          differences.add(shown + ": plans " + shape(compileTime) + " / run time " + shape(runTimePlan.get()));
        }
        if (!declared.equals(read)) {
          differences.add(shown + ": keys read (I, U, R, gets) " + declared + " / run time " + read);
        }
        sameAnswer(shown, declaredAnswer.get(), runTimeAnswer.get(), entity, !sort.isEmpty(), differences);
        tally.compared.add(shown);
        calls++;
      }
      if (calls == orders.size()) {
        tally.comparedMethods.merge(fixture.api().getSimpleName(), 1, Integer::sum);
      }
    }
  }

  /** Why {@code m} has no run-time form (its value in {@link #JAKARTA_NO_RUN_TIME_FORM}), or null when it has one. */
  private static String noRunTimeForm(Method m, EntityInfo entity) {
    if (m.isAnnotationPresent(jakarta.data.repository.Insert.class)) {
      return "@Insert" + READS_ONLY;
    }
    Query jdql = m.getAnnotation(Query.class);
    if (jdql != null) {
      String text = jdql.value();
      String selected = JakartaMethods.selected(text);
      return text.startsWith("UPDATE ") ? "a JDQL UPDATE" + READS_ONLY : text.startsWith("DELETE ") ? "a JDQL DELETE" + READS_ONLY
          : selected != null ? "SELECT " + selected + PROPERTY_SELECTED : null;
    }
    if (m.isAnnotationPresent(Find.class)) {
      return null;
    }
    MethodName name = MethodNameParser.parse(m.getName(), entity.fields().stream().map(FieldInfo::name)
        .collect(Collectors.toSet()), Vocabulary.JAKARTA);
    return name.action() == MethodName.Action.DELETE ? "deletes" + READS_ONLY : null;
  }

  /** {@code m}'s query: from its {@code @Query}'s JDQL, its {@code @Find} parameters, or its name. */
  private static JakartaQuery jakartaQuery(Method m, EntityInfo entity, List<String> parameterNames, List<String> jdqlNames,
      EnumConstants enums) {
    Query jdql = m.getAnnotation(Query.class);
    if (jdql != null) {
      String where = JakartaMethods.finderText(jdql.value());
      JdqlSelect select = JdqlSelect.of(where, entity, enums);
      return new JakartaQuery(JakartaMethods.withMethodParameters(select.where(), where, jdqlNames), select.order(), 0,
          JakartaMethods.counts(jdql.value()) ? MethodName.Action.COUNT : MethodName.Action.FIND, where);
    }
    if (m.isAnnotationPresent(Find.class)) {
      List<Condition> equal = new ArrayList<>();
      for (int i = 0; i < m.getParameterCount(); i++) {
        By by = m.getParameters()[i].getAnnotation(By.class);
        if (by != null || !JakartaMethods.SPECIAL.contains(m.getParameterTypes()[i])) {
          // @By names the property, else the parameter's own name does
          equal.add(new Compare(by != null ? by.value() : parameterNames.get(i), Op.EQUAL, new Operand.Param("p" + i)));
        }
      }
      List<SortKey> order = Arrays.stream(m.getAnnotationsByType(jakarta.data.repository.OrderBy.class))
          .map(o -> new SortKey(o.value(), o.descending(), o.ignoreCase())).toList();
      return new JakartaQuery(equal.size() == 1 ? equal.get(0) : new Condition.And(equal), order, 0, MethodName.Action.FIND, null);
    }
    MethodName name = MethodNameParser.parse(m.getName(), entity.fields().stream().map(FieldInfo::name)
        .collect(Collectors.toSet()), Vocabulary.JAKARTA);
    List<String> params = new ArrayList<>();
    for (int i = 0; i < name.parameterCount(); i++) {
      params.add("p" + i);
    }
    return new JakartaQuery(name.condition(params), name.sortKeys(), name.window().first(), name.action(), null);
  }

  /** A JDQL literal as written: a string, a number, a boolean or a qualified enum constant. */
  private static final java.util.regex.Pattern JDQL_LITERAL = java.util.regex.Pattern.compile("'[^']*'"
      + "|(?<![?\\w.])-?\\d+(?:\\.\\d+)?[FfLlDd]?(?![\\w.])|\\b(?:TRUE|FALSE)\\b|\\b[a-z]\\w*(?:\\.\\w+)+\\.[A-Z][A-Z_0-9]*\\b");

  /**
   * The run-time parameters {@code $0, $1, ...} a JDQL query's literals become, to the literals as the query writes
   * them (as the declared method's javadoc shows them): in the condition's order, which is the text's.
   */
  private static Map<String, String> literalNames(Condition where, String jdql) {
    List<String> written = JDQL_LITERAL.matcher(jdql).results().map(java.util.regex.MatchResult::group).toList();
    Map<String, String> names = new LinkedHashMap<>();
    for (Compare c : JakartaMethods.compares(where)) {
      for (Operand o : c.operands()) {
        if (o instanceof Operand.Literal l) {
          names.put("$" + names.size(), names.size() < written.size() ? written.get(names.size()) : String.valueOf(l.value()));
        }
      }
    }
    return names;
  }

  /**
   * Whether {@code explain()} of a run-time query contains every key line of the javadoc the processor wrote on the
   * declared method of the same query ({@code PlanText.indexKeys}), the run-time parameters ({@code $0, $1, ...}, a
   * JDQL query's {@code 1} of {@code ?1}) named as the method names them ({@code names}); each missing line is a
   * difference. Returns 1 when the javadoc has key
   * lines (an index read), else 0.
   */
  static int sameKeyLines(String method, GeneratedDocs.Doc doc, String explain, Map<String, String> names,
      List<String> differences) {
    // a JDQL parameter's own name (:w) where the method's javadoc names it otherwise, as a word of its own
    String renamed = names.entrySet().stream().filter(n -> n.getKey().matches("[A-Za-z_]\\w*") && !n.getKey().equals(n.getValue()))
        .map(n -> "|(?<![\\w.$'\"-])" + n.getKey() + "(?![\\w.'\"(])").collect(Collectors.joining());
    String named = java.util.regex.Pattern.compile("\\$\\d+|(?<![\\w.$'-])\\d+(?![\\w.'])" + renamed).matcher(explain)
        .replaceAll(r -> java.util.regex.Matcher.quoteReplacement(names.getOrDefault(r.group(), r.group())));
    for (String line : doc.keyLines()) {
      if (!named.contains(line)) {
        differences.add(method + ": explain() says " + named + "; the javadoc says " + line);
      }
    }
    return doc.keyLines().isEmpty() ? 0 : 1;
  }

  /**
   * The run-time parameter each of {@code where}'s parameters {@code p0, p1, ...} becomes once bound to a value
   * ({@code $0, $1, ...} in the condition's order), to the method's parameter name.
   */
  private static Map<String, String> runTimeNames(Condition where, List<String> parameterNames) {
    Map<String, String> names = new LinkedHashMap<>();
    for (Compare c : JakartaMethods.compares(where)) {
      for (Operand o : c.operands()) {
        names.put("$" + names.size(), parameterNames.get(Integer.parseInt(((Operand.Param) o).name().substring(1))));
      }
    }
    return names;
  }

  /** The key of {@link #NO_RUN_TIME_FORM} saying why {@code m} has no run-time equivalent, or null. */
  private static String skipReason(Method m, MethodName name) {
    if (Arrays.stream(m.getParameterTypes()).anyMatch(t -> t.getSimpleName().endsWith("TransactionContext"))) {
      return "context";
    }
    if (name.action() == MethodName.Action.DELETE) {
      return "write";
    }
    if (name.where().stream().flatMap(List::stream).anyMatch(t -> t.op() == Op.WITHIN || t.op() == Op.NEAR)) {
      return "spatial";
    }
    if (name.projection() != null || name.distinct() || !entityResult(m)) {
      return "projection";
    }
    return null;
  }

  /** Whether {@code m} returns entities, a count or a test (not a record of some properties). */
  private static boolean entityResult(Method m) {
    return !m.getGenericReturnType().getTypeName().matches(".*\\bTownName\\b.*");
  }

  private static boolean pagedFuture(Method m) {
    return m.getGenericReturnType().getTypeName().startsWith(CompletableFuture.class.getName() + "<" + Page.class.getName());
  }

  /** A value for each parameter: {@code entity}'s value of the property it is compared with (an optional's content). */
  private static Map<String, Object> values(Method m, Condition where, List<String> params, Object entity)
      throws ReflectiveOperationException {
    Map<String, Object> values = new LinkedHashMap<>();
    for (Compare c : JakartaMethods.compares(where)) {
      Object property = entity.getClass().getMethod(c.field()).invoke(entity);
      Object sample = property instanceof Optional<?> o ? o.orElseThrow() : property;
      for (Operand o : c.operands()) {
        String p = ((Operand.Param) o).name();
        Class<?> type = m.getParameterTypes()[params.indexOf(p)];
        values.put(p, c.op() == Op.STARTS_WITH ? ((String) sample).substring(0, 3)
            : Collection.class.isAssignableFrom(type) ? List.of(sample) : sample);
      }
    }
    return values;
  }

  /** {@code c} with each parameter replaced by its value, as a run-time restriction holds it. */
  private static Condition bound(Condition c, Map<String, Object> values) {
    if (c instanceof Compare cmp) {
      return new Compare(cmp.field(), cmp.op(), cmp.operands().stream()
          .map(o -> (Operand) new Operand.Literal(values.get(((Operand.Param) o).name()))).toList(), cmp.ignoreCase());
    }
    if (c instanceof Condition.And and) {
      return new Condition.And(and.parts().stream().map(p -> bound(p, values)).toList());
    }
    if (c instanceof Condition.Or or) {
      return new Condition.Or(or.parts().stream().map(p -> bound(p, values)).toList());
    }
    return c;
  }

  /**
   * The plan the Strata processor makes of a declared method: its whole condition, {@code Or} included, as the tree
   * the processor hands the planner ({@link QueryPlanner#where}, the processor's own, over the name's branches), planned
   * in the one call the processor makes ({@code QueryPlanner.plan}); {@code allowScan} as {@code @AllowFiltering}.
   */
  private static Planned declaredPlan(EntityInfo entity, MethodName name, Condition where, boolean allowScan) {
    List<List<Condition>> branches = (where instanceof Condition.Or or ? or.parts() : List.of(where)).stream()
        .map(b -> b instanceof Condition.And and ? and.parts() : List.of(b)).toList();
    return Planner.plan(new QuerySpec(entity, QueryPlanner.where(branches), name.sortKeys(), name.window(), null, allowScan,
        Semantics.STRATA));
  }

  /**
   * A plan with its operands left out: the parameters' names differ (a method's, {@code $0} at run time), and a JDQL
   * literal at compile time is a parameter at run time (a run-time query's shape holds no values).
   */
  private static String shape(Planned p) {
    return String.valueOf(p).replaceAll("Param\\[name=[^\\]]*\\]|Literal\\[value=(?:\\[[^\\]]*\\]|[^\\]])*\\]", "?");
  }

  private static Object invoke(Object repository, Method m, Object[] args) {
    try {
      return m.invoke(repository, args);
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(m + " with " + Arrays.toString(args), e);
    }
  }

  /**
   * What a query answered, to compare a declared method's answer with its run-time query's: a count or a test as it is,
   * else the ids of the entities (a page's content, a single result, an array's elements), in their order when the query
   * has one ({@code ordered}), else sorted.
   */
  private static Object answer(Object result, EntityInfo entity, boolean ordered) throws ReflectiveOperationException {
    if (result instanceof Number || result instanceof Boolean) {
      return result instanceof Integer i ? (Object) i.longValue() : result;
    }
    Object items = result instanceof jakarta.data.page.Page<?> p ? p.content() : result instanceof Page<?> p ? p.items()
        : result instanceof Object[] array ? List.of(array) : result;
    List<?> entities = items == null ? List.of() : items instanceof List<?> l ? l : List.of(items);
    String id = entity.fields().stream().filter(FieldInfo::id).findFirst().orElseThrow().name();
    List<String> ids = new ArrayList<>();
    for (Object e : entities) {
      ids.add(String.valueOf(JakartaMethods.property(e, id)));
    }
    if (!ordered) {
      ids.sort(Comparator.naturalOrder());
    }
    return ids;
  }

  /** Adds a difference when the declared method and its run-time query answered otherwise ({@link #answer}). */
  private static void sameAnswer(String method, Object declared, Object runTime, EntityInfo entity, boolean ordered,
      List<String> differences) {
    try {
      Object expected = answer(declared, entity, ordered);
      Object actual = answer(runTime, entity, ordered);
      if (!expected.equals(actual)) {
        differences.add(method + ": answers " + expected + " / run time " + actual);
      }
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(method, e);
    }
  }
  /**
   * The index entries, unique entries and rows {@code read} reads (ranges, then single-key gets), and resets the counter;
   * what it returned goes into {@code answer}.
   */
  private List<Long> keys(java.util.function.Supplier<?> read, AtomicReference<Object> answer) {
    counter.reset();
    answer.set(read.get());
    List<Long> keys = List.of(counter.keys("I"), counter.keys("U"), counter.keys("R"), counter.gets("U"), counter.gets("R"));
    counter.reset();
    return keys;
  }
}
