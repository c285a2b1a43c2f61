package io.strata.corpus;

import java.util.Comparator;
import java.util.Map;
import org.jnosql.demo.se.Villain;
import org.jnosql.demo.se.VillainRepository;
import org.jnosql.demo.se.VillainRepositoryImpl;
import org.junit.jupiter.api.Test;

/**
 * JNoSQL's demos-se ArangoDB {@code VillainRepository}: a {@code CrudRepository} of a class with getters and setters.
 */
class VillainRepositoryTest extends CorpusTest {
  private BuiltInMethods<Villain, String> villains(VillainRepository repository) {
    return new BuiltInMethods<>(repository, Villain::getId, v -> v.getId() + " " + v.getName(),
        Map.of("id", Comparator.comparing(Villain::getId), "name", Comparator.comparing(Villain::getName)),
        this::uuid, id -> {
          Villain villain = new Villain();
          villain.setId(id);
          villain.setName(word());
          return villain;
        }, random);
  }

  @Test
  void everyInheritedMethodAnswersAsBruteForce() {
    villains(new VillainRepositoryImpl(db)).assertEveryMethodAnswersAsBruteForce();
  }
}
