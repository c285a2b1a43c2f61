package io.strata.cdi;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.subspace.Subspace;
import io.strata.StrataDb;
import jakarta.enterprise.inject.CreationException;
import jakarta.inject.Qualifier;
import java.lang.annotation.Annotation;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.util.Arrays;
import java.util.Optional;

/**
 * How a generated repository is built on a {@link StrataDb}: its public {@code (StrataDb)} constructor when it has one
 * (it uses the URL's root and tenant), else its public {@code (Database, Subspace)} one, given the database and its
 * root. The constructor is looked up once, at deployment; building an instance is the only reflective call after it.
 */
record RepositoryConstructor(Class<?> type, Constructor<?> constructor, boolean takesStrataDb, Annotation[] qualifiers) {
  /**
   * The constructor {@code type} is built with, or empty when it has neither public constructor. The qualifiers of its
   * {@code StrataDb} parameter (a Jakarta Data {@code @Repository(dataStore = "x")} generates {@code @Named("x")}) pick
   * the {@code StrataDb} bean; none: the {@code @Default} one.
   */
  static Optional<RepositoryConstructor> of(Class<?> type) {
    try {
      Constructor<?> withDb = type.getConstructor(StrataDb.class);
      Annotation[] qualifiers = Arrays.stream(withDb.getParameterAnnotations()[0])
          .filter(a -> a.annotationType().isAnnotationPresent(Qualifier.class)).toArray(Annotation[]::new);
      return Optional.of(new RepositoryConstructor(type, withDb, true, qualifiers));
    } catch (NoSuchMethodException noStrataDbConstructor) {
      try {
        return Optional.of(new RepositoryConstructor(type, type.getConstructor(Database.class, Subspace.class), false,
            new Annotation[0]));
      } catch (NoSuchMethodException neither) {
        return Optional.empty();
      }
    }
  }

  /** A new repository reading and writing in {@code db}. */
  Object newInstance(StrataDb db) {
    try {
      return takesStrataDb ? constructor.newInstance(db) : constructor.newInstance(db.database(), db.root());
    } catch (InvocationTargetException e) {
      throw new CreationException(type.getName() + " failed to construct on " + db + ": " + e.getCause(), e.getCause());
    } catch (ReflectiveOperationException e) {
      throw new CreationException(type.getName() + " cannot be constructed: " + e, e);
    }
  }
}
