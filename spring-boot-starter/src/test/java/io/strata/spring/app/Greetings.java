package io.strata.spring.app;

import io.strata.CrudRepository;
import io.strata.annotations.Repository;
import java.util.List;
import java.util.stream.Stream;

/** A declared repository: the processor generates {@code GreetingsImpl}, which the starter makes a bean. */
@Repository
public interface Greetings extends CrudRepository<Greeting, String> {
  List<Greeting> findByLanguageOrderByIdDesc(String language);

  Stream<Greeting> streamByLanguage(String language);
}
