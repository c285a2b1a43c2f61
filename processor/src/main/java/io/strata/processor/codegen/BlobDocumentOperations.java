package io.strata.processor.codegen;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import io.strata.processor.model.BlobModel;
import io.strata.processor.model.EntityModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Partial reads of {@code @Blob} fields and path access to {@code @Document} fields. */
final class BlobDocumentOperations {
  private final EntityModel model;
  private final ValueCode values;

  BlobDocumentOperations(EntityModel model) {
    this.model = model;
    this.values = new ValueCode(model.codecName());
  }

  List<Operation> operations() {
    List<Operation> ops = new ArrayList<>();
    ParameterSpec id = ParameterSpec.builder(model.id().type().type(), "id").build();
    CodeBlock idElement = values.encode(model.id().type(), CodeBlock.of("id"));
    String e = CrudOperations.q(model.entityName());
    for (BlobModel blob : model.blobs()) {
      String name = blob.field().name();
      String suffix = CrudOperations.capitalized(name);
      ops.add(new Operation("read" + suffix,
          "Bytes {@code [offset, offset + length)} of {@code " + name + "} (fewer when it ends first): one range read of the\n"
              + "overlapping chunks of {@code (" + e + ", \"B\", id, " + CrudOperations.q(name) + ", offset)}, "
              + blob.chunkSize() + " bytes each; empty when the entity's {@code " + name + "} is null.\n"
              + "@throws io.strata.NoSuchEntityException if there is no entity with that id",
          ArrayTypeName.of(TypeName.BYTE),
          List.of(id, ParameterSpec.builder(long.class, "offset").build(), ParameterSpec.builder(int.class, "length").build()),
          CodeBlock.of("store.readBlob(tr, $L, $S, offset, length)", idElement, name), false));
      ops.add(new Operation(name + "Size",
          "The length of {@code " + name + "} in bytes, from the one key {@code (" + e + ", \"R\", id, " + CrudOperations.q(name)
              + ")} (no chunks read); 0 when the entity's {@code " + name + "} is null.\n"
              + "@throws io.strata.NoSuchEntityException if there is no entity with that id",
          ClassName.get(Long.class), List.of(id), CodeBlock.of("store.blobSize(tr, $L, $S)", idElement, name), false));
    }
    if (!model.documents().isEmpty()) {
      ParameterSpec path = ParameterSpec.builder(ArrayTypeName.of(Object.class), "path").build();
      String fields = String.join(", ", model.documents().stream().map(f -> f.name()).toList());
      ops.add(new Operation("getPath",
          "The subdocument at {@code path} as plain Java values ({@code Map<String,Object>}, {@code List<Object>}, scalars;\n"
              + "integers as {@code Long}, floating point as {@code Double}), or empty. The path starts with a document field\n"
              + "(" + fields + "), then map keys and list positions. Reads only that subtree: the key {@code (" + e
              + ", \"R\", id, path...)} and its prefix range.",
          ParameterizedTypeName.get(ClassName.get(Optional.class), ClassName.get(Object.class)), List.of(id, path),
          CodeBlock.of("documents.get(tr, $L, path)", idElement), false));
      ops.add(new Operation("setPath",
          "Replaces the subdocument at {@code path} with {@code value} (a map, list or scalar), leaving the rest of the\n"
              + "document and every index untouched. The entity must exist.\n"
              + "@throws IllegalArgumentException if the path does not start with a document field or runs below a scalar",
          ClassName.get(Void.class), List.of(id, ParameterSpec.builder(Object.class, "value").build(), path),
          CodeBlock.of("documents.set(tr, $L, value, path)", idElement), true));
    }
    return ops;
  }
}
