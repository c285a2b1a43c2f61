package io.strata.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.util.Comparator;
import java.util.Map;
import java.util.Optional;
import org.jnosql.demoee.liberty.mongodb.Person;
import org.jnosql.demoee.liberty.mongodb.PersonRepository;
import org.jnosql.demoee.liberty.mongodb.PersonRepositoryImpl;
import org.junit.jupiter.api.Test;

/**
 * JNoSQL's demos-ee Open Liberty {@code PersonRepository}: a {@code CrudRepository} of a class with getters and
 * setters, whose application saves the {@code Person} a client POSTs, with or without an id.
 */
class PersonRepositoryTest extends CorpusTest {
  private BuiltInMethods<Person, String> people(PersonRepository repository) {
    return new BuiltInMethods<>(repository, Person::getId, p -> p.getId() + " " + p.getName(),
        Map.of("id", Comparator.comparing(Person::getId), "name", Comparator.comparing(Person::getName)),
        this::uuid, id -> person(id, word()), random);
  }

  private static Person person(String id, String name) {
    Person person = new Person();
    person.setId(id);
    person.setName(name);
    return person;
  }

  @Test
  void everyInheritedMethodAnswersAsBruteForce() {
    people(new PersonRepositoryImpl(db)).assertEveryMethodAnswersAsBruteForce();
  }

  @Test
  void aPersonPostedWithoutAnIdIsSavedUnderAnIdTheStoreAssigns() {
    PersonRepository repository = new PersonRepositoryImpl(db);
    Person saved = repository.save(person(null, "Ada"));
    assertNotNull(saved.getId(), "save returns the person with the id the store assigned");
    assertEquals(Optional.of("Ada"), repository.findById(saved.getId()).map(Person::getName));
    assertEquals(1, repository.findAll().count());
  }
}
