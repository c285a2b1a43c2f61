package io.strata.spring.app;

import java.util.List;
import org.springframework.stereotype.Service;

/** Gets the generated repository by constructor injection, as application code would. */
@Service
public class GreetingService {
  private final GreetingRepository greetings;

  public GreetingService(GreetingRepository greetings) {
    this.greetings = greetings;
  }

  public void greet(String id, String language, String text) {
    greetings.save(new Greeting(id, language, text));
  }

  public List<String> textsIn(String language) {
    return greetings.findByLanguage(language).stream().map(Greeting::text).sorted().toList();
  }
}
