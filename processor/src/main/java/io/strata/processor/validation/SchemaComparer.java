package io.strata.processor.validation;

import io.strata.query.schema.Encoding;
import io.strata.query.schema.EntitySchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Compares an entity's schema with the snapshot of what an earlier version stored, and lists every change
 * that would make this version misread stored data (docs/schema-evolution.md has the rules and why).
 * Pure: it reads two models and returns problems; {@link SchemaEvolution} reports them on elements.
 */
final class SchemaComparer {
  private static final List<String> INTEGER_WIDTHS = List.of("8", "16", "32", "64", "big");

  /** Where a problem is reported: the entity, a field, a field's {@code @Blob}, an index, or a derived index. */
  enum Where { ENTITY, FIELD, BLOB, INDEX, DERIVED }

  /** One misreading change: the message, its arguments, and the element it belongs to. */
  record Problem(Where where, String name, Messages message, List<Object> args) {}

  private final EntitySchema old;
  private final EntitySchema now;
  private final String simpleName;
  private final List<Problem> problems = new ArrayList<>();

  private SchemaComparer(EntitySchema old, EntitySchema now) {
    this.old = old;
    this.now = now;
    this.simpleName = now.className().substring(now.className().lastIndexOf('.') + 1);
  }

  /** Every misreading change from {@code old} to {@code now}, in a stable order. */
  static List<Problem> compare(EntitySchema old, EntitySchema now) {
    SchemaComparer c = new SchemaComparer(old, now);
    c.entity();
    c.id();
    c.fields();
    c.indexes();
    c.derived();
    return c.problems;
  }

  /** What the snapshot becomes once {@code now} passed: {@code now}, remembering what is no longer declared. */
  static EntitySchema merged(EntitySchema old, EntitySchema now) {
    Map<String, EntitySchema.Field> retiredFields = new LinkedHashMap<>(old.retiredFields());
    old.fields().forEach(retiredFields::put);
    now.fields().keySet().forEach(retiredFields::remove);
    Map<String, EntitySchema.Index> retiredIndexes = new LinkedHashMap<>(old.retiredIndexes());
    old.indexes().forEach(retiredIndexes::put);
    now.indexes().keySet().forEach(retiredIndexes::remove);
    Map<String, String> retiredDerived = new LinkedHashMap<>(old.retiredDerived());
    old.derived().forEach(retiredDerived::put);
    now.derived().keySet().forEach(retiredDerived::remove);
    return new EntitySchema(now.className(), now.entityName(), now.columnMajor(), now.packed(), now.idField(), now.fields(), now.indexes(),
        now.spatial(), retiredFields, retiredIndexes, now.derived(), retiredDerived, now.fieldOrder(), now.spatialRanges());
  }

  private void report(Where where, String name, Messages message, Object... args) {
    problems.add(new Problem(where, name, message, List.of(args)));
  }

  private void entity() {
    if (!old.entityName().equals(now.entityName())) {
      report(Where.ENTITY, "", Messages.SCHEMA_ENTITY_NAME_CHANGED, simpleName, old.entityName(), now.entityName(),
          old.entityName(), old.entityName());
    }
    if (old.columnMajor() != now.columnMajor()) {
      String why = now.columnMajor()
          ? "rows written before have no (E, \"C\", field, id) copies, so findColumn would miss them"
          : "the column copies written before would no longer be maintained, and turning it back on later would read them stale";
      report(Where.ENTITY, "", Messages.SCHEMA_COLUMN_MAJOR_CHANGED, simpleName, old.columnMajor(), now.columnMajor(), why,
          old.columnMajor());
    }
  }

  private void id() {
    String was = old.idField();
    String is = now.idField();
    if (!was.equals(is) && (now.fields().containsKey(was) || old.fields().containsKey(is))) {
      report(Where.FIELD, is, Messages.SCHEMA_ID_MOVED, simpleName, was, is, was, was);
      return;
    }
    EntitySchema.Field before = old.id();
    EntitySchema.Field after = now.id();
    incompatibility(before.encoding(), after.encoding()).ifPresent(why -> report(Where.FIELD, is, Messages.SCHEMA_ID_TYPE_CHANGED,
        is, simpleName, before.type(), before.encoding(), after.type(), after.encoding(), why));
  }

  private void fields() {
    for (var e : now.fields().entrySet()) {
      String name = e.getKey();
      EntitySchema.Field after = e.getValue();
      if (name.equals(now.idField())) {
        continue; // compared by id()
      }
      EntitySchema.Field before = old.fields().get(name);
      if (before != null) {
        Encoding b = before.encoding();
        Encoding a = after.encoding();
        if (b.name().equals("blob") && a.name().equals("blob") && !b.equals(a)) {
          report(Where.BLOB, name, Messages.SCHEMA_BLOB_CHUNK_SIZE_CHANGED, name, simpleName, b.word(0), a.word(0), b.word(0), b.word(0));
          continue;
        }
        incompatibility(b, a).ifPresent(why -> report(Where.FIELD, name, Messages.SCHEMA_FIELD_ENCODING_CHANGED, name, simpleName,
            before.type(), b, after.type(), a, why));
        continue;
      }
      EntitySchema.Field retired = old.retiredFields().get(name);
      if (retired != null) {
        incompatibility(retired.encoding(), after.encoding()).ifPresent(why -> report(Where.FIELD, name,
            Messages.SCHEMA_RETIRED_FIELD_REUSED, name, simpleName, retired.type(), retired.encoding(), after.type(),
            after.encoding(), why));
      }
    }
  }

  private void indexes() {
    for (var e : now.indexes().entrySet()) {
      String name = e.getKey();
      EntitySchema.Index after = e.getValue();
      EntitySchema.Index before = old.indexes().get(name);
      if (before != null) {
        if (!before.fields().equals(after.fields())) {
          report(Where.INDEX, name, Messages.SCHEMA_INDEX_CHANGED, name, simpleName, "its fields", before.fields(), after.fields(),
              "the entries already stored are ordered by the old fields, so queries would misread them", name);
        }
        if (before.unique() != after.unique()) {
          report(Where.INDEX, name, Messages.SCHEMA_INDEX_CHANGED, name, simpleName, "unique", before.unique(), after.unique(),
              "unique entries live under (E, \"U\", …) and the others under (E, \"I\", …), so the index would read as"
                  + " empty or stale", name);
        }
        if (before.covering() != after.covering()) {
          report(Where.INDEX, name, Messages.SCHEMA_INDEX_CHANGED, name, simpleName, "covering", before.covering(), after.covering(),
              "the entries already stored " + (before.covering() ? "carry row copies that would no longer be maintained"
                  : "carry no row copy, so queries answered from them would find none"), name);
        }
        continue;
      }
      EntitySchema.Index retired = old.retiredIndexes().get(name);
      if (retired != null && !retired.equals(after)) {
        report(Where.INDEX, name, Messages.SCHEMA_RETIRED_INDEX_REUSED, name, simpleName, describe(retired), describe(after));
      }
    }
  }

  /**
   * A derived index of the same kind redefined under its name: an aggregate's function, field or group order,
   * or a rank's field, groups or direction. A new kind under a name is a removal plus an addition: the kinds
   * keep their keys apart.
   */
  private void derived() {
    for (var e : now.derived().entrySet()) {
      String name = e.getKey();
      String after = e.getValue();
      String kind = EntitySchema.kind(after);
      String before = old.derived().get(name);
      if (before != null && EntitySchema.kind(before).equals(kind) && !before.equals(after)) {
        String why = kind.equals("rank")
            ? "the ranked skip list already stored orders the old field within the old groups and direction, so ranks, selects"
                + " and sizes would be misread"
            : "the totals and entries already stored were computed for the old definition and would be read as the new one";
        report(Where.DERIVED, name, Messages.SCHEMA_DERIVED_CHANGED, annotation(kind), name, simpleName, before, after, why, name);
        continue;
      }
      String retired = old.retiredDerived().get(name);
      if (before == null && retired != null && EntitySchema.kind(retired).equals(kind) && !retired.equals(after)) {
        report(Where.DERIVED, name, Messages.SCHEMA_RETIRED_DERIVED_REUSED, annotation(kind), name, simpleName, retired, after);
      }
    }
  }

  /** The annotation declaring a derived index of {@code kind}. */
  static String annotation(String kind) {
    return switch (kind) {
      case "aggregate" -> "@Aggregate";
      case "rank" -> "@Rank";
      case "text" -> "@Text";
      default -> "@Versioned";
    };
  }

  private static String describe(EntitySchema.Index index) {
    return "fields " + index.fields() + (index.unique() ? ", unique" : "") + (index.covering() ? ", covering" : "");
  }

  /**
   * Why values stored with {@code old} would be misread as {@code now}, or empty when they read back
   * correctly: equal encodings; integers and floating point widening (int → long, float → double);
   * enum → String and enum constants added; a collection, nested record or document whose parts are
   * compatible; a document record or class gaining or losing components; a typed document map or list whose
   * values are compatible; any document becoming a plain one ({@code Map<String, Object>}, {@code Object}).
   */
  static Optional<String> incompatibility(Encoding old, Encoding now) {
    Encoding o = old.unlabelled();
    Encoding n = now.unlabelled();
    if (o.equals(n)) {
      return Optional.empty();
    }
    switch (o.name() + "→" + n.name()) {
      case "integer→integer":
        return INTEGER_WIDTHS.indexOf(n.word(0)) >= INTEGER_WIDTHS.indexOf(o.word(0)) ? Optional.empty()
            : Optional.of("stored values outside the range of " + n + " would fail to decode");
      case "floating→floating":
        return n.word(0).equals("64") ? Optional.empty()
            : Optional.of("stored 64-bit values would be silently rounded to 32 bits");
      case "enum→string":
        return Optional.empty();
      case "enum→enum": {
        List<String> removed = o.parts().stream().map(Encoding::name)
            .filter(c -> n.parts().stream().noneMatch(p -> p.name().equals(c))).toList();
        return removed.isEmpty() ? Optional.empty()
            : Optional.of("stored values may name the removed constant(s) " + removed + ", which would fail to decode");
      }
      case "collection→collection":
        return incompatibility(o.parts().get(0), n.parts().get(0)).map(why -> "its items: " + why);
      case "tuple→tuple":
        return tuples(old, now);
      case "document→document":
        return documents(old, now);
      case "document-map→document-map":
      case "document-list→document-list":
        return incompatibility(o.parts().get(0), n.parts().get(0)).map(why -> "its values: " + why);
      case "document-map→document":
      case "document-list→document":
        // a plain document (no parts) reads whatever tree is stored; a record would need map keys it may not find
        return n.parts().isEmpty() ? Optional.empty() : Optional.of("a typed map or list is not stored as the record's components");
      case "document→document-map":
      case "document→document-list":
        return Optional.of("a document stored as " + o + " may hold values that " + n + " cannot read");
      default:
        break;
    }
    if (o.name().equals("blob") || n.name().equals("blob")) {
      return Optional.of("a @Blob keeps its bytes in chunks under (E, \"B\", id, field, offset) and only their length in"
          + " the row, so one cannot be read as the other");
    }
    return Optional.of("the stored " + o + " values cannot be read as " + n);
  }

  /** A nested record is a tuple of its components in order: same number, each compatible by position. */
  private static Optional<String> tuples(Encoding old, Encoding now) {
    if (old.parts().size() != now.parts().size()) {
      return Optional.of("a nested record is stored as a tuple of its components in order, and their number changes from "
          + old.parts().size() + " to " + now.parts().size());
    }
    for (int i = 0; i < old.parts().size(); i++) {
      Encoding a = old.parts().get(i);
      Optional<String> why = incompatibility(a, now.parts().get(i));
      if (why.isPresent()) {
        return Optional.of("component " + (i + 1) + " ('" + a.label() + "'): " + why.get());
      }
    }
    return Optional.empty();
  }

  /** A document holds paths by name: a plain document reads anything, a record reads the components it shares. */
  private static Optional<String> documents(Encoding old, Encoding now) {
    if (now.parts().isEmpty()) {
      return Optional.empty();
    }
    if (old.parts().isEmpty()) {
      return Optional.of("a plain document may hold values that the record's components cannot read");
    }
    for (Encoding a : old.parts()) {
      for (Encoding b : now.parts()) {
        if (a.label().equals(b.label())) {
          Optional<String> why = incompatibility(a, b);
          if (why.isPresent()) {
            return Optional.of("component '" + a.label() + "': " + why.get());
          }
        }
      }
    }
    return Optional.empty();
  }
}
