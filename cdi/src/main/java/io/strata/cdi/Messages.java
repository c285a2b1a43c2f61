package io.strata.cdi;

import jakarta.enterprise.inject.spi.InjectionPoint;
import jakarta.inject.Named;
import java.lang.annotation.Annotation;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Member;
import java.net.URL;
import java.util.List;

/** Every error the extension reports: each says what is wrong and how to fix it. */
final class Messages {
  /** How an application gets a {@code StrataDb} bean; part of each message about a missing one. */
  static final String PRODUCE_STRATA_DB = "produce one with a @Produces StrataDb method, e.g."
      + " @Produces @Singleton StrataDb strata() { return Strata.connect(\"strata:mem:\"); } (jakarta.inject.Singleton:"
      + " StrataDb is final, so a normal scope such as @ApplicationScoped cannot proxy it), and close it in a"
      + " @Disposes method";

  private Messages() {}

  static String unreadableIndex(Exception cause) {
    return "Strata's CDI extension cannot read " + RepositoryIndex.RESOURCE + " from the class path: " + cause;
  }

  static String unloadable(String className, URL resource, Throwable cause) {
    return resource + " lists " + className + ", which cannot be loaded (" + cause + "): rebuild the module that"
        + " generated it with the Strata annotation processor, so that its classes and its " + RepositoryIndex.RESOURCE
        + " come from the same compile, and deploy them together";
  }

  static String noConstructor(Class<?> type, URL resource) {
    return resource + " lists " + type.getName() + ", which has neither a public (StrataDb) nor a public"
        + " (Database, Subspace) constructor, so it cannot be built on the StrataDb bean: recompile it with the"
        + " Strata annotation processor of the same version as strata-cdi, or remove it from " + RepositoryIndex.RESOURCE;
  }

  /** An injection point as a reader finds it in the source: {@code com.example.Shop.products}, {@code com.example.Shop(...)}. */
  static String describe(InjectionPoint injectionPoint) {
    Member member = injectionPoint.getMember();
    String owner = member.getDeclaringClass().getName();
    return member instanceof Field ? owner + "." + member.getName()
        : member instanceof Constructor ? "the constructor of " + owner
        : owner + "." + member.getName() + "(...)";
  }

  static String noStrataDb(List<String> needers) {
    return "No StrataDb bean to build Strata's repositories on, but " + String.join(", ", needers)
        + (needers.size() == 1 ? " needs one" : " need one") + ": " + PRODUCE_STRATA_DB;
  }

  /** No {@code StrataDb} bean with {@code qualifiers} (a repository's {@code @Repository(dataStore)}) for {@code needers}. */
  static String noQualifiedStrataDb(List<Annotation> qualifiers, List<String> needers) {
    String q = String.join(" ", qualifiers.stream().map(Messages::source).toList());
    return "No StrataDb bean " + q + " to build Strata's repositories on, but " + String.join(", ", needers)
        + (needers.size() == 1 ? " needs one" : " need one") + " (a Jakarta Data @Repository(dataStore) names the StrataDb"
        + " to use): produce it with a producer method annotated " + q + ", e.g. @Produces @Singleton " + q
        + " StrataDb db() { return Strata.connect(\"strata:mem:\"); }";
  }

  /** {@code @Named("x")} as it is written in source. */
  private static String source(Annotation a) {
    if (a instanceof Named n) {
      return "@Named(\"" + n.value() + "\")";
    }
    return "@" + a.annotationType().getSimpleName();
  }

  static String ambiguousStrataDb(Class<?> repository) {
    return "More than one StrataDb bean with the @Default qualifier could build " + repository.getName()
        + ": keep one and give the others a qualifier";
  }
}
