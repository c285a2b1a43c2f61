package io.strata.processor.codegen;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;

/** What every generated type carries. */
public final class Generated {
  static final String PROCESSOR = "io.strata.processor.StrataProcessor";

  private Generated() {}

  /** {@code @Generated("io.strata.processor.StrataProcessor")}, no date: output is deterministic. */
  public static AnnotationSpec annotation() {
    return AnnotationSpec.builder(ClassName.get("javax.annotation.processing", "Generated"))
        .addMember("value", "$S", PROCESSOR).build();
  }
}
