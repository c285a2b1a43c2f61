package io.strata.processor.validation;

import com.palantir.javapoet.ClassName;
import io.strata.annotations.Index;
import io.strata.annotations.Indexed;
import io.strata.processor.model.FieldModel;
import io.strata.processor.model.IndexModel;
import io.strata.processor.model.ValueType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import io.strata.processor.validation.EntityValidator.Declared;

/**
 * The secondary indexes an entity declares: {@code @Indexed} on a field, {@code @Index} on the type (composite, or over
 * paths inside a document), each checked (an indexable type, known fields, a unique name) with a compile error where not.
 */
final class IndexDeclarations {
  private final Diagnostics diagnostics;

  IndexDeclarations(Diagnostics diagnostics) {
    this.diagnostics = diagnostics;
  }

  List<IndexModel> indexes(TypeElement type, List<Declared> declared, List<FieldModel> fields) {
    Map<String, FieldModel> byName = new LinkedHashMap<>();
    fields.forEach(f -> byName.put(f.name(), f));
    Map<String, IndexModel> out = new LinkedHashMap<>();
    for (Declared d : declared) {
      Indexed indexed = d.element().getAnnotation(Indexed.class);
      FieldModel field = byName.get(d.name());
      if (indexed == null || field == null) {
        continue;
      }
      ValueType t = field.type();
      boolean indexable = t.isScalar() || (t.kind() == ValueType.Kind.OPTIONAL);
      if (!indexable) {
        diagnostics.error(d.element(), EntityValidator.mirror(d.element(), Indexed.class), Messages.UNSUPPORTED_INDEX_TYPE, d.name(), d.type());
        continue;
      }
      String name = indexed.name().isEmpty() ? d.name() : indexed.name();
      add(type, d.element(), out, new IndexModel(name, List.of(field), indexed.unique(), indexed.covering(), false));
    }
    for (Index index : type.getAnnotationsByType(Index.class)) {
      if (index.fields().length == 0) {
        diagnostics.error(type, Messages.INDEX_NO_FIELDS, index.name());
        continue;
      }
      List<FieldModel> parts = new ArrayList<>();
      for (String f : index.fields()) {
        FieldModel field = byName.get(f);
        FieldModel document = f.contains(".") ? byName.get(f.substring(0, f.indexOf('.'))) : null;
        if (document != null && isDocument(document)) {
          // a path inside a document: the leaf's type is only known at run time
          parts.add(new FieldModel(f, ValueType.simple(ValueType.Kind.DOC_OBJECT, com.palantir.javapoet.ClassName.OBJECT), null, null, false));
        } else if (document != null) {
          diagnostics.error(type, Messages.INDEX_PATH_NOT_DOCUMENT, index.name(), f, document.name());
        } else if (field == null) {
          diagnostics.error(type, Messages.INDEX_MISSING_FIELD, index.name(), f, type.getSimpleName(), EntityValidator.suggestion(f, byName.keySet()));
        } else if (!field.type().isScalar() && field.type().kind() != ValueType.Kind.OPTIONAL) {
          diagnostics.error(type, Messages.UNSUPPORTED_INDEX_TYPE, f, field.type().type());
        } else {
          parts.add(field);
        }
      }
      if (parts.size() == index.fields().length) {
        add(type, type, out, new IndexModel(index.name(), parts, index.unique(), index.covering(), true));
      }
    }
    return new ArrayList<>(out.values());
  }

  static boolean isDocument(FieldModel f) {
    return switch (f.type().kind()) {
      case DOC_MAP, DOC_LIST, DOC_OBJECT, DOC_RECORD, DOC_CLASS -> true;
      default -> false;
    };
  }

  private void add(TypeElement type, Element at, Map<String, IndexModel> out, IndexModel index) {
    if (out.putIfAbsent(index.name(), index) != null) {
      diagnostics.error(at, Messages.DUPLICATE_INDEX, index.name(), type.getSimpleName());
    }
  }
}
