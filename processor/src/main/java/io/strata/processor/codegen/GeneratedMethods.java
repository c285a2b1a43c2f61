package io.strata.processor.codegen;

import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.TypeName;
import io.strata.processor.model.AggregateModel;
import io.strata.processor.model.EntityModel;
import io.strata.processor.model.FieldModel;
import io.strata.processor.model.RankModel;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The methods a repository would have, by the declaration each comes from, so that two declarations that
 * would generate the same method are reported on the later one instead of producing uncompilable code.
 * Declarations are taken in this order: the repository's own methods, index, spatial, blob/document and
 * change-feed methods, then each {@code @Text} field (its name is fixed), each {@code @Aggregate}, each
 * {@code @Rank} (their names are chosen freely, so a clash lands on the one that can be renamed).
 */
public final class GeneratedMethods {
  /** Where a generated method comes from: a derived index ({@code annotation} and {@code name}), or null for the rest. */
  public record Source(String annotation, String name) {
    /** How messages name it. */
    public String describe() {
      return annotation.equals("Text") ? "@Text field '" + name + "'" : "@" + annotation + " '" + name + "'";
    }
  }

  /** {@code source} would generate {@code signature}, which {@code earlier} already generates. */
  public record Clash(Source source, String signature, String earlier) {}

  private GeneratedMethods() {}

  public static List<Clash> clashes(EntityModel model) {
    Map<String, String> owners = new LinkedHashMap<>();
    claim(owners, new CrudOperations(model).operations(), "the repository's own methods");
    new CrudOperations(model).extras().forEach(m -> owners.putIfAbsent(signature(m), "the repository's own methods"));
    claim(owners, new IndexOperations(model).operations(), "an @Indexed/@Index index");
    claim(owners, new SpatialOperations(model).operations(), "a @Spatial field");
    claim(owners, new BlobDocumentOperations(model).operations(), "a @Blob or @Document field");
    claim(owners, new VersionedOperations(model).operations(), "@Versioned");
    new VersionedOperations(model).extras().forEach(m -> owners.putIfAbsent(signature(m), "@Versioned"));
    List<Clash> out = new ArrayList<>();
    TextOperations texts = new TextOperations(model);
    for (FieldModel f : model.texts()) {
      check(owners, texts.operations(f), new Source("Text", f.name()), out);
    }
    AggregateOperations aggregates = new AggregateOperations(model);
    for (AggregateModel a : model.aggregates()) {
      check(owners, aggregates.operations(a), new Source("Aggregate", a.name()), out);
    }
    RankOperations ranks = new RankOperations(model);
    for (RankModel r : model.ranks()) {
      check(owners, ranks.operations(r), new Source("Rank", r.name()), out);
    }
    return out;
  }

  private static void claim(Map<String, String> owners, List<Operation> ops, String owner) {
    ops.forEach(op -> owners.putIfAbsent(signature(op.name(), op.params()), owner));
  }

  /** Claims the methods of {@code source}, or records the first one another declaration already has. */
  private static void check(Map<String, String> owners, List<Operation> ops, Source source, List<Clash> out) {
    for (Operation op : ops) {
      String signature = signature(op.name(), op.params());
      String earlier = owners.get(signature);
      if (earlier != null) {
        out.add(new Clash(source, signature, earlier));
        return;
      }
    }
    ops.forEach(op -> owners.put(signature(op.name(), op.params()), source.describe()));
  }

  private static String signature(MethodSpec m) {
    return signature(m.name(), m.parameters());
  }

  /** {@code name(erased parameter types)}: what the compiler compares. */
  private static String signature(String name, List<ParameterSpec> params) {
    List<String> types = new ArrayList<>();
    for (ParameterSpec p : params) {
      types.add(erased(p.type()));
    }
    return name + "(" + String.join(", ", types) + ")";
  }

  private static String erased(TypeName type) {
    String s = type.toString();
    String before;
    do {
      before = s;
      s = s.replaceAll("<[^<>]*>", "");
    } while (!s.equals(before));
    return s;
  }
}
