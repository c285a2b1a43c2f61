package io.strata.corpus;

import java.util.Comparator;
import java.util.Map;
import org.jnosql.demoee.Dog;
import org.jnosql.demoee.DogRepository;
import org.jnosql.demoee.DogRepositoryImpl;
import org.junit.jupiter.api.Test;

/**
 * JNoSQL's demos-ee Quarkus {@code DogRepository}: a {@code BasicRepository} of a class with public fields and
 * getters and setters, paged by its application as {@code findAll(PageRequest.ofPage(page).size(size), Order.by(
 * Sort.asc("name")))} with the page number from a query parameter.
 */
class DogRepositoryTest extends CorpusTest {
  private BuiltInMethods<Dog, String> dogs() {
    return new BuiltInMethods<>(new DogRepositoryImpl(db), Dog::getId,
        d -> d.id + " " + d.name + " " + d.color,
        Map.of("id", Comparator.comparing(Dog::getId), "name", Comparator.comparing(Dog::getName),
            "color", Comparator.comparing(Dog::getColor)),
        this::uuid, id -> {
          Dog dog = new Dog();
          dog.id = id;
          dog.name = word();
          dog.color = word();
          return dog;
        }, random);
  }

  @Test
  void everyInheritedMethodAnswersAsBruteForce() {
    dogs().assertEveryMethodAnswersAsBruteForce();
  }

  @Test
  void aPageNumberWhoseOffsetOverflowsFindsNoDog() {
    BuiltInMethods<Dog, String> dogs = dogs();
    dogs.saveRandomEntities(10);
    dogs.assertAPageWhoseOffsetOverflowsIsEmpty("name");
    dogs.assertAPageWhoseOffsetOverflowsIsEmpty("id");
  }
}
