package io.strata.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import jakarta.data.Order;
import jakarta.data.Sort;
import jakarta.data.exceptions.EntityExistsException;
import jakarta.data.exceptions.OptimisticLockingFailureException;
import jakarta.data.page.Page;
import jakarta.data.page.PageRequest;
import jakarta.data.repository.BasicRepository;
import jakarta.data.repository.CrudRepository;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The methods a corpus repository inherits from {@link BasicRepository} (and {@link CrudRepository}'s {@code insert}
 * and {@code update}) against brute force: the checker keeps its own map of the entities it saved, changes the store
 * through the repository at random, and compares every read with the map, filtered and sorted in plain Java.
 *
 * <p>Entities are compared through {@code render}, a string of every persistent property: the corpus' classes have no
 * value equality of their own (or one on the id alone).
 */
final class BuiltInMethods<E, K> {
  /** A page number whose offset {@code (page - 1) * size} overflows a {@code long} for a size of 4. */
  private static final long OVERFLOWING_PAGE = (1L << 62) + 1;

  private final BasicRepository<E, K> repository;
  private final Function<E, K> id;
  private final Function<E, String> render;
  private final Map<String, Comparator<E>> sortable;
  private final Supplier<K> newId;
  private final Function<K, E> randomEntity;
  private final Random random;
  private final Map<K, E> saved = new LinkedHashMap<>();

  /**
   * @param sortable each persistent property's name and the order Jakarta Data sorts its values in, the id included
   * @param newId a fresh id, never given before
   * @param randomEntity an entity with random properties and the given id
   */
  BuiltInMethods(BasicRepository<E, K> repository, Function<E, K> id, Function<E, String> render,
      Map<String, Comparator<E>> sortable, Supplier<K> newId, Function<K, E> randomEntity, Random random) {
    this.repository = repository;
    this.id = id;
    this.render = render;
    this.sortable = sortable;
    this.newId = newId;
    this.randomEntity = randomEntity;
    this.random = random;
  }

  /**
   * Saves 30 random entities, makes 20 random changes, and for a {@link CrudRepository} inserts and updates, checking
   * every read after each step.
   */
  void assertEveryMethodAnswersAsBruteForce() {
    saveRandomEntities(30);
    changeRandomly(20);
    if (repository instanceof CrudRepository<E, K> crud) {
      insertAndUpdate(crud);
    }
  }

  /** The entities saved so far, as the test believes the store holds them. */
  List<E> saved() {
    return new ArrayList<>(saved.values());
  }

  /** Saves {@code count} random entities with {@code saveAll}, then checks every read. */
  void saveRandomEntities(int count) {
    List<E> entities = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      entities.add(randomEntity.apply(newId.get()));
    }
    List<E> returned = repository.saveAll(entities);
    assertEquals(renders(entities), renders(returned), CorpusTest.seed("saveAll returns the entities in order"));
    entities.forEach(e -> saved.put(id.apply(e), e));
    assertReadsAsBruteForce();
  }

  /** {@code rounds} random changes (save, replace, delete by id, by entity, several), each followed by every read. */
  void changeRandomly(int rounds) {
    for (int round = 0; round < rounds; round++) {
      List<K> ids = new ArrayList<>(saved.keySet());
      switch (ids.isEmpty() ? 0 : random.nextInt(5)) {
        case 0 -> remember(repository.save(randomEntity.apply(newId.get())));
        case 1 -> remember(repository.save(randomEntity.apply(pick(ids))));
        case 2 -> {
          K gone = pick(ids);
          repository.deleteById(gone);
          saved.remove(gone);
        }
        case 3 -> {
          E gone = saved.get(pick(ids));
          repository.delete(gone);
          saved.remove(id.apply(gone));
        }
        default -> {
          Collections.shuffle(ids, random);
          List<E> gone = ids.subList(0, 1 + random.nextInt(Math.min(3, ids.size()))).stream().map(saved::get).toList();
          repository.deleteAll(gone);
          gone.forEach(e -> saved.remove(id.apply(e)));
        }
      }
      assertReadsAsBruteForce();
    }
  }

  private void remember(E entity) {
    saved.put(id.apply(entity), entity);
  }

  /**
   * {@code insert} of a new id and {@code update} of a saved one change the store; {@code insert} of a saved id throws
   * {@link EntityExistsException} and {@code update} of an id never saved {@link OptimisticLockingFailureException},
   * each changing nothing.
   */
  private void insertAndUpdate(CrudRepository<E, K> crud) {
    E inserted = crud.insert(randomEntity.apply(newId.get()));
    remember(inserted);
    assertReadsAsBruteForce();
    E clash = randomEntity.apply(id.apply(inserted));
    assertThrows(EntityExistsException.class, () -> crud.insert(clash), CorpusTest.seed("insert of a saved id"));
    E changed = randomEntity.apply(id.apply(inserted));
    remember(crud.update(changed));
    assertReadsAsBruteForce();
    E missing = randomEntity.apply(newId.get());
    assertThrows(OptimisticLockingFailureException.class, () -> crud.update(missing),
        CorpusTest.seed("update of an id never saved"));
    assertReadsAsBruteForce();
  }

  /** {@code findAll()}, {@code findById} of every saved id and of a missing one, and random pages in random orders. */
  void assertReadsAsBruteForce() {
    assertEquals(sorted(renders(saved.values())), sorted(renders(repository.findAll().toList())),
        CorpusTest.seed("findAll()"));
    for (E e : saved.values()) {
      assertEquals(Optional.of(render.apply(e)), repository.findById(id.apply(e)).map(render),
          CorpusTest.seed("findById"));
    }
    assertEquals(Optional.empty(), repository.findById(newId.get()), CorpusTest.seed("findById of a missing id"));
    for (int i = 0; i < 4; i++) {
      assertPageAsBruteForce();
    }
  }

  private void assertPageAsBruteForce() {
    List<String> properties = new ArrayList<>(sortable.keySet());
    Collections.shuffle(properties, random);
    List<Sort<? super E>> sorts = new ArrayList<>();
    Comparator<E> order = (a, b) -> 0;
    for (String property : properties.subList(0, random.nextInt(properties.size()))) {
      boolean ascending = random.nextBoolean();
      sorts.add(ascending ? Sort.asc(property) : Sort.desc(property));
      order = order.thenComparing(ascending ? sortable.get(property) : sortable.get(property).reversed());
    }
    String idProperty = "id";
    sorts.add(Sort.asc(idProperty));
    order = order.thenComparing(sortable.get(idProperty));
    int size = 1 + random.nextInt(7);
    long page = 1 + random.nextInt(saved.size() / size + 2);
    List<String> all = saved.values().stream().sorted(order).map(render).toList();
    int from = (int) Math.min(all.size(), (page - 1) * size);
    List<String> expected = all.subList(from, Math.min(all.size(), from + size));
    Page<E> found = repository.findAll(PageRequest.ofPage(page).size(size), Order.by(sorts));
    String what = CorpusTest.seed("findAll(" + PageRequest.ofPage(page).size(size) + ", " + sorts + ")");
    assertEquals(expected, renders(found.content()), what);
    assertEquals(all.size(), found.totalElements(), what + ": totalElements");
    assertEquals(from + size < all.size(), found.hasNext(), what + ": hasNext");
  }

  /**
   * A page whose offset {@code (page - 1) * size} lies past {@code Long.MAX_VALUE} is past every entity, so empty
   * (docs/jakarta-data.md: a page past the end is empty), in an order of the given property.
   */
  void assertAPageWhoseOffsetOverflowsIsEmpty(String property) {
    Page<E> overflowing =
        repository.findAll(PageRequest.ofPage(OVERFLOWING_PAGE).size(4), Order.by(Sort.asc(property)));
    assertEquals(List.of(), renders(overflowing.content()),
        CorpusTest.seed("page " + OVERFLOWING_PAGE + " of 4 in an order of " + property));
  }

  private K pick(List<K> ids) {
    return ids.get(random.nextInt(ids.size()));
  }

  private List<String> renders(Iterable<? extends E> entities) {
    List<String> out = new ArrayList<>();
    entities.forEach(e -> out.add(render.apply(e)));
    return out;
  }

  private static List<String> sorted(List<String> values) {
    return values.stream().sorted().toList();
  }
}
