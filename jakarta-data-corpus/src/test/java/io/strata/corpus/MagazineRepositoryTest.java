package io.strata.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.acme.Magazine;
import org.acme.MagazineRepository;
import org.acme.MagazineRepositoryImpl;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Quarkus' JNoSQL Neo4j codestart {@code MagazineRepository}: a {@code BasicRepository} of a record whose columns are
 * named ({@code @Column("title")}), with a {@code @Find} by {@code @By("title")}.
 */
class MagazineRepositoryTest extends CorpusTest {
  private MagazineRepository repository;
  private BuiltInMethods<Magazine, String> magazines;

  @BeforeEach
  void createRepository() {
    repository = new MagazineRepositoryImpl(db);
    magazines = new BuiltInMethods<>(repository, Magazine::id, Magazine::toString,
        Map.of("id", Comparator.comparing(Magazine::id), "title", Comparator.comparing(Magazine::title),
            "edition", Comparator.comparingInt(Magazine::edition)),
        this::uuid, id -> new Magazine(id, word(), random.nextInt(12) - 2), random);
  }

  @Test
  void everyInheritedMethodAnswersAsBruteForce() {
    magazines.assertEveryMethodAnswersAsBruteForce();
  }

  @Test
  void findByTitleAnswersAsBruteForce() {
    magazines.saveRandomEntities(40);
    for (int round = 0; round < 20; round++) {
      String title = round % 7 == 0 ? "absent" : word();
      assertEquals(sorted(magazines.saved().stream().filter(m -> m.title().equals(title)).toList()),
          sorted(repository.findByTitle(title)), seed("findByTitle(" + title + ")"));
      magazines.changeRandomly(1);
    }
  }

  private static List<String> sorted(List<Magazine> found) {
    return found.stream().map(Magazine::toString).sorted().toList();
  }
}
