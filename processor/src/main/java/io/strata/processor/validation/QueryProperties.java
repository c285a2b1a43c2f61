package io.strata.processor.validation;

import io.strata.processor.model.EntityModel;
import io.strata.processor.model.FieldModel;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The properties one declared query method may name, by the name it uses for each ({@code population},
 * {@code addressCity}), and the lookup that reports an unknown one on that method with a "did you mean" hint.
 */
record QueryProperties(String method, EntityModel entity, Map<String, FieldModel> byName) {

  static QueryProperties of(EntityModel entity, String method) {
    Map<String, FieldModel> out = new LinkedHashMap<>();
    for (FieldModel f : entity.fields()) {
      out.put(f.name(), f);
    }
    // a nested indexed field by its segments joined in camel case: address.city as addressCity
    entity.indexes().forEach(index -> index.fields().forEach(f -> out.putIfAbsent(Stream.of(f.name().split("\\."))
        .reduce((a, b) -> a + Character.toUpperCase(b.charAt(0)) + b.substring(1)).orElseThrow(), f)));
    return new QueryProperties(method, entity, Collections.unmodifiableMap(out));
  }

  /** The property a method names, or the error naming the entity and the nearest known property. */
  FieldModel get(String property) throws QueryError {
    FieldModel f = byName.get(property);
    if (f == null) {
      throw new QueryError(Messages.QUERY_UNKNOWN_PROPERTY, method, entity.type().simpleName(), property,
          EntityValidator.suggestion(property, byName.keySet()));
    }
    return f;
  }

  /** The property by that name, or null (for a record component that names none). */
  FieldModel find(String property) {
    return byName.get(property);
  }
}
