package io.strata.processor.codegen;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterSpec;
import io.strata.processor.model.FieldModel;
import io.strata.processor.model.ValueType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.Modifier;

/**
 * Java expressions converting between a value of a {@link ValueType} and its tuple element, calling
 * {@code io.strata.row.Elements}. Nested records get a pair of package-private static helper
 * methods on the entity's codec, collected in {@link #helpers()} for the codec writer to emit.
 */
final class ValueCode {
  static final ClassName ELEMENTS = ClassName.get("io.strata.row", "Elements");
  private static final ClassName VECTORS = ClassName.get("io.strata.index.vector", "Vectors");
  static final ClassName TUPLE = ClassName.get("com.apple.foundationdb.tuple", "Tuple");

  /** Helper pairs by name ({@code encode<Name>} / {@code decode<Name>}). */
  private final Map<String, MethodSpec[]> helpers = new LinkedHashMap<>();
  private final ClassName codec;
  private int depth;
  /** Inside a document record: collections become plain lists, not nested tuples. */
  private boolean inDocument;

  /** @param codec the generated codec class that holds the nested-record helper methods */
  ValueCode(ClassName codec) {
    this.codec = codec;
  }

  private String variable() {
    return "v" + depth;
  }

  List<MethodSpec> helpers() {
    List<MethodSpec> out = new ArrayList<>();
    helpers.values().forEach(pair -> out.addAll(List.of(pair)));
    return out;
  }

  /** An expression of type Object: the element for {@code value} (evaluated once), null when absent. */
  /** The group parameters of a derived-index method: one per group field, and the expression listing their encoded values. */
  record Group(List<ParameterSpec> params, CodeBlock values) {}

  /** The {@link Group} of {@code groupBy}: parameters named after the fields, values as {@code Elements.values(...)}. */
  Group group(List<FieldModel> groupBy) {
    List<ParameterSpec> params = new ArrayList<>();
    CodeBlock.Builder values = CodeBlock.builder().add("$T.values(", ELEMENTS);
    for (int i = 0; i < groupBy.size(); i++) {
      FieldModel g = groupBy.get(i);
      params.add(ParameterSpec.builder(g.type().type(), g.name()).build());
      values.add(i == 0 ? "$L" : ", $L", encode(g.type(), CodeBlock.of("$N", g.name())));
    }
    return new Group(params, values.add(")").build());
  }

  CodeBlock encode(ValueType t, CodeBlock value) {
    return switch (t.kind()) {
      // a primitive long or double is its own element (boxed); narrower primitives widen first
      case LONG, DOUBLE -> t.isPrimitive() ? value : CodeBlock.of("$T.$L($L)", ELEMENTS, t.kind() == ValueType.Kind.LONG ? "ofNumber" : "ofFloating", value);
      case CHAR -> t.isPrimitive() ? CodeBlock.of("(long) $L", value) : CodeBlock.of("$T.ofChar($L)", ELEMENTS, value);
      case INT, SHORT, BYTE -> t.isPrimitive() ? CodeBlock.of("(long) $L", value) : CodeBlock.of("$T.ofNumber($L)", ELEMENTS, value);
      case FLOAT -> t.isPrimitive() ? CodeBlock.of("(double) $L", value) : CodeBlock.of("$T.ofFloating($L)", ELEMENTS, value);
      case BOOLEAN, STRING, UUID, BYTES, BIG_INTEGER -> value;
      case ENUM -> CodeBlock.of("$T.ofEnum($L)", ELEMENTS, value);
      case INSTANT -> CodeBlock.of("$T.ofInstant($L)", ELEMENTS, value);
      case LOCAL_DATE -> CodeBlock.of("$T.ofLocalDate($L)", ELEMENTS, value);
      case LOCAL_DATE_TIME -> CodeBlock.of("$T.ofLocalDateTime($L)", ELEMENTS, value);
      case LOCAL_TIME -> CodeBlock.of("$T.ofLocalTime($L)", ELEMENTS, value);
      case DURATION -> CodeBlock.of("$T.ofDuration($L)", ELEMENTS, value);
      case BIG_DECIMAL -> CodeBlock.of(inDocument ? "$T.ofDocumentDecimal($L)" : "$T.ofBigDecimal($L)", ELEMENTS, value);
      case POINT -> CodeBlock.of("$T.ofPoint($L)", ELEMENTS, value);
      case GEO_POINT -> CodeBlock.of("$T.ofGeoPoint($L)", ELEMENTS, value);
      case VECTOR -> CodeBlock.of("$T.element($L)", VECTORS, value);
      case OPTIONAL -> CodeBlock.of("$T.ofOptional($L, $L)", ELEMENTS, value, encodeLambda(t.parts().get(0)));
      case LIST, SET -> CodeBlock.of(inDocument ? "$T.ofDocumentList($L, $L)" : "$T.ofCollection($L, $L)", ELEMENTS, value,
          encodeLambda(t.parts().get(0)));
      case RECORD, DOC_RECORD, DOC_CLASS -> CodeBlock.of("$T.$N($L)", codec, recordHelpers(t)[0], value);
      case DOC_MAP, DOC_LIST -> t.isTypedContainer()
          ? CodeBlock.of("$T.$L($L, $L)", ELEMENTS, t.kind() == ValueType.Kind.DOC_MAP ? "ofDocumentMap" : "ofDocumentList", value,
              insideDocument(() -> encodeLambda(t.parts().get(0))))
          : value;
      case DOC_OBJECT -> value;
    };
  }

  /**
   * The lower end of the elements equal to {@code value}, for range bounds: the element itself, except
   * for decimals, whose element also carries the scale.
   */
  CodeBlock bound(ValueType t, CodeBlock value) {
    return t.kind() == ValueType.Kind.BIG_DECIMAL ? CodeBlock.of("$T.ofBigDecimalBound($L)", ELEMENTS, value) : encode(t, value);
  }

  /** Code generated by {@code code} for a value inside a document (collections as plain lists, decimals as strings). */
  private CodeBlock insideDocument(java.util.function.Supplier<CodeBlock> code) {
    boolean outer = inDocument;
    inDocument = true;
    try {
      return code.get();
    } finally {
      inDocument = outer;
    }
  }

  private CodeBlock encodeLambda(ValueType item) {
    depth++;
    try {
      return CodeBlock.of("$N -> $L", variable(), encode(item, CodeBlock.of("$N", variable())));
    } finally {
      depth--;
    }
  }

  private CodeBlock decodeLambda(ValueType item) {
    depth++;
    try {
      return CodeBlock.of("$N -> $L", variable(), decode(item, CodeBlock.of("$N", variable())));
    } finally {
      depth--;
    }
  }

  /** An expression of the field's Java type decoding {@code element} (a variable or array slot; may be repeated). */
  CodeBlock decode(ValueType t, CodeBlock element) {
    CodeBlock body = decodePresent(t, element);
    if (t.kind() == ValueType.Kind.OPTIONAL) {
      return CodeBlock.of("$L == null ? $T.<$T>empty() : $L", element, java.util.Optional.class, t.parts().get(0).type(), body);
    }
    if (t.isPrimitive()) {
      return CodeBlock.of("$L == null ? $L : $L", element, t.kind() == ValueType.Kind.BOOLEAN ? "false" : t.kind() == ValueType.Kind.CHAR ? "(char) 0" : "0", body);
    }
    return CodeBlock.of("$L == null ? null : $L", element, body);
  }

  private CodeBlock decodePresent(ValueType t, CodeBlock e) {
    return switch (t.kind()) {
      case LONG -> CodeBlock.of("$T.toLong($L)", ELEMENTS, e);
      case INT -> CodeBlock.of("$T.toInt($L)", ELEMENTS, e);
      case SHORT -> CodeBlock.of("$T.toShort($L)", ELEMENTS, e);
      case BYTE -> CodeBlock.of("$T.toByte($L)", ELEMENTS, e);
      case CHAR -> CodeBlock.of("$T.toChar($L)", ELEMENTS, e);
      case DOUBLE -> CodeBlock.of("$T.toDouble($L)", ELEMENTS, e);
      case FLOAT -> CodeBlock.of("$T.toFloat($L)", ELEMENTS, e);
      case BOOLEAN -> CodeBlock.of("$T.toBoolean($L)", ELEMENTS, e);
      case STRING -> CodeBlock.of("$T.toStr($L)", ELEMENTS, e);
      case UUID -> CodeBlock.of("$T.toUuid($L)", ELEMENTS, e);
      case BYTES -> CodeBlock.of("$T.toBytes($L)", ELEMENTS, e);
      case BIG_INTEGER -> CodeBlock.of("$T.toBigInteger($L)", ELEMENTS, e);
      case BIG_DECIMAL -> CodeBlock.of(inDocument ? "$T.fromDocumentDecimal($L)" : "$T.toBigDecimal($L)", ELEMENTS, e);
      case ENUM -> CodeBlock.of("$T.toEnum($T.class, $L)", ELEMENTS, t.type(), e);
      case INSTANT -> CodeBlock.of("$T.toInstant($L)", ELEMENTS, e);
      case LOCAL_DATE -> CodeBlock.of("$T.toLocalDate($L)", ELEMENTS, e);
      case LOCAL_DATE_TIME -> CodeBlock.of("$T.toLocalDateTime($L)", ELEMENTS, e);
      case LOCAL_TIME -> CodeBlock.of("$T.toLocalTime($L)", ELEMENTS, e);
      case DURATION -> CodeBlock.of("$T.toDuration($L)", ELEMENTS, e);
      case POINT -> CodeBlock.of("$T.toPoint($L)", ELEMENTS, e);
      case GEO_POINT -> CodeBlock.of("$T.toGeoPoint($L)", ELEMENTS, e);
      case VECTOR -> CodeBlock.of("$T.floats($L)", VECTORS, e);
      case OPTIONAL -> CodeBlock.of("$T.of($L)", java.util.Optional.class, decodePresent(t.parts().get(0), e));
      case LIST -> CodeBlock.of(inDocument ? "$T.fromDocumentList($L, $L)" : "$T.toList($L, $L)", ELEMENTS, e,
          decodeLambda(t.parts().get(0)));
      case SET -> CodeBlock.of(inDocument ? "$T.fromDocumentSet($L, $L)" : "$T.toSet($L, $L)", ELEMENTS, e,
          decodeLambda(t.parts().get(0)));
      case RECORD, DOC_RECORD, DOC_CLASS -> CodeBlock.of("$T.$N($L)", codec, recordHelpers(t)[1], e);
      case DOC_MAP -> t.isTypedContainer()
          ? CodeBlock.of("$T.fromDocumentMap($L, $L)", ELEMENTS, e, insideDocument(() -> decodeLambda(t.parts().get(0))))
          : CodeBlock.of("$T.toDocumentMap($L)", ELEMENTS, e);
      case DOC_LIST -> t.isTypedContainer()
          ? CodeBlock.of("$T.fromDocumentList($L, $L)", ELEMENTS, e, insideDocument(() -> decodeLambda(t.parts().get(0))))
          : CodeBlock.of("$T.toDocumentList($L)", ELEMENTS, e);
      case DOC_OBJECT -> e;
    };
  }

  private MethodSpec[] recordHelpers(ValueType t) {
    boolean document = t.kind() == ValueType.Kind.DOC_RECORD || t.kind() == ValueType.Kind.DOC_CLASS;
    String simple = ((ClassName) t.type()).simpleNames().stream().reduce((a, b) -> a + b).orElseThrow() + (document ? "Document" : "");
    MethodSpec[] existing = helpers.get(simple);
    if (existing != null) {
      return existing;
    }
    MethodSpec.Builder enc = MethodSpec.methodBuilder("encode" + simple)
        .addModifiers(Modifier.STATIC).returns(Object.class).addParameter(t.type(), "r");
    MethodSpec.Builder dec = MethodSpec.methodBuilder("decode" + simple)
        .addModifiers(Modifier.STATIC).returns(t.type()).addParameter(Object.class, "e");
    MethodSpec[] pair = {enc.build(), dec.build()};
    helpers.put(simple, pair); // placeholder so recursion resolves by name
    boolean outer = inDocument;
    inDocument = document;
    try {
      return fillRecordHelpers(t, enc, dec, pair, document);
    } finally {
      inDocument = outer;
    }
  }

  private MethodSpec[] fillRecordHelpers(ValueType t, MethodSpec.Builder enc, MethodSpec.Builder dec, MethodSpec[] pair, boolean document) {
    if (document) {
      ClassName map = ClassName.get(java.util.LinkedHashMap.class);
      enc.addStatement("if (r == null) return null")
          .addStatement("$T<String, Object> m = new $T<>()", java.util.Map.class, map);
      dec.addStatement("$T<String, Object> m = $T.toDocumentMap(e)", java.util.Map.class, ELEMENTS);
      boolean record = t.kind() == ValueType.Kind.DOC_RECORD;
      if (!record) {
        dec.addStatement("$T o = new $T()", t.type(), t.type());
      }
      CodeBlock.Builder args = CodeBlock.builder();
      for (int i = 0; i < t.parts().size(); i++) {
        String part = t.partNames().get(i);
        CodeBlock decoded = decode(t.parts().get(i), CodeBlock.of("m.get($S)", part));
        if (record) {
          enc.addStatement("m.put($S, $L)", part, encode(t.parts().get(i), CodeBlock.of("r.$N()", part)));
          args.add(i == 0 ? "$L" : ", $L", decoded);
          continue;
        }
        ValueType.Access access = t.access().get(i);
        CodeBlock read = access.getter().isEmpty() ? CodeBlock.of("r.$N", part) : CodeBlock.of("r.$N()", access.getter());
        enc.addStatement("m.put($S, $L)", part, encode(t.parts().get(i), read));
        if (access.setter().isEmpty()) {
          dec.addStatement("o.$N = $L", part, decoded);
        } else {
          dec.addStatement("o.$N($L)", access.setter(), decoded);
        }
      }
      enc.addStatement("return m");
      dec.addStatement(record ? CodeBlock.of("return new $T($L)", t.type(), args.build()) : CodeBlock.of("return o"));
      pair[0] = enc.build();
      pair[1] = dec.build();
      return pair;
    }
    CodeBlock.Builder parts = CodeBlock.builder();
    CodeBlock.Builder args = CodeBlock.builder();
    for (int i = 0; i < t.parts().size(); i++) {
      if (i > 0) {
        parts.add(", ");
        args.add(", ");
      }
      parts.add(encode(t.parts().get(i), CodeBlock.of("r.$N()", t.partNames().get(i))));
      args.add(decode(t.parts().get(i), CodeBlock.of("t.get($L)", i)));
    }
    enc.addStatement("return r == null ? null : $T.fromList($T.asList($L))", TUPLE, java.util.Arrays.class, parts.build());
    dec.addStatement("$T t = $T.toTuple(e)", TUPLE, ELEMENTS)
        .addStatement("return new $T($L)", t.type(), args.build());
    pair[0] = enc.build();
    pair[1] = dec.build();
    return pair;
  }
}
