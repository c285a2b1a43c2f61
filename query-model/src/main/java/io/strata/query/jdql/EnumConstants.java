package io.strata.query.jdql;

import io.strata.query.model.FieldInfo;
import java.util.Optional;

/**
 * Finds the enum constant a JDQL query names with its qualified class ({@code com.example.Status.ACTIVE}), for a
 * comparison with an enum property: the query model knows an enum property's kind, not its class, so the caller
 * (which does) looks the constant up. The value found is what the caller compares: the {@link Enum} itself for an
 * application, or the constant's stored name for a reader with no application classes (the {@code strata} tool, which
 * knows the constants from the schema).
 */
@FunctionalInterface
public interface EnumConstants {

  /**
   * The constant {@code constant} of the enum class {@code type} (a canonical name: {@code com.example.Outer.Status}
   * for a nested enum), when that class is the type of {@code field}; empty when there is no such constant.
   */
  Optional<?> find(FieldInfo field, String type, String constant);

  /**
   * Constants of the enum classes {@code loader} loads, whatever the property's class (for callers that do not know
   * it; a constant of another enum than the property's then matches no entity).
   */
  static EnumConstants of(ClassLoader loader) {
    return (field, type, constant) -> {
      String binary = type;
      while (true) {
        try {
          Class<?> found = Class.forName(binary, false, loader);
          if (!found.isEnum()) {
            return Optional.empty();
          }
          for (Object value : found.getEnumConstants()) {
            if (((Enum<?>) value).name().equals(constant)) {
              return Optional.of((Enum<?>) value);
            }
          }
          return Optional.empty();
        } catch (ClassNotFoundException e) {
          int dot = binary.lastIndexOf('.');
          if (dot < 0) {
            return Optional.empty();
          }
          binary = binary.substring(0, dot) + '$' + binary.substring(dot + 1); // a nested class: Outer$Status
        }
      }
    };
  }
}
