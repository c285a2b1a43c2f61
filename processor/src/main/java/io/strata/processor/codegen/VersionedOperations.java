package io.strata.processor.codegen;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import io.strata.processor.model.EntityModel;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Flow;
import javax.lang.model.element.Modifier;

/** The change feed of a {@code @Versioned} entity: changesSince, versionOf, watch, pruneDeletes, subscribe. */
final class VersionedOperations {
  static final ClassName CHANGE_FEED = ClassName.get("io.strata.index.feed", "ChangeFeed");
  static final ClassName VERSIONED_DEFINITION = ClassName.get("io.strata.index.feed", "VersionedDefinition");
  static final ClassName CHANGE = ClassName.get("io.strata", "Change");
  static final ClassName VERSIONSTAMP = ClassName.get("com.apple.foundationdb.tuple", "Versionstamp");

  private final EntityModel model;
  private final ValueCode values;

  VersionedOperations(EntityModel model) {
    this.model = model;
    this.values = new ValueCode(model.codecName());
  }

  private TypeName change() {
    return ParameterizedTypeName.get(CHANGE, model.type(), model.id().type().type().box());
  }

  private CodeBlock idElement() {
    return values.encode(model.id().type(), CodeBlock.of("id"));
  }

  private String keys() {
    return "{@code (" + CrudOperations.q(model.entityName()) + ", \"V\", shard, versionstamp, id)}, the shards merged,";
  }

  List<Operation> operations() {
    if (!model.versioned()) {
      return List.of();
    }
    return List.of(
        new Operation("changesSince", "The changes committed after {@code after} (null: from the beginning), oldest first: each id's\n"
                + "latest change once, deletes included until pruned. At most {@code limit}, plus any further changes of the last\n"
                + "one's commit, so {@code changesSince(lastChange.version(), ...)} continues without skipping. Reads " + keys()
                + "\nand the rows of saved entities.",
            ParameterizedTypeName.get(CrudOperations.PAGE, change()),
            List.of(ParameterSpec.builder(VERSIONSTAMP, "after").build(), ParameterSpec.builder(int.class, "limit").build()),
            CodeBlock.of("feed.changesSince(tr, after, limit)"), false),
        new Operation("versionOf", "The commit version of the entity's latest change (its delete, until pruned): one key,\n"
                + "{@code (" + CrudOperations.q(model.entityName()) + ", \"v\", id)}.",
            ParameterizedTypeName.get(ClassName.get(Optional.class), VERSIONSTAMP),
            List.of(ParameterSpec.builder(model.id().type().type(), "id").build()),
            CodeBlock.of("feed.versionOf(tr, $L)", idElement()), false));
  }

  List<MethodSpec> extras() {
    if (!model.versioned()) {
      return List.of();
    }
    return List.of(
        MethodSpec.methodBuilder("watch")
            .addJavadoc("Completes once the entity is saved with a change or deleted after this call (a FoundationDB\n"
                + "watch on {@code ($S, \"v\", id)}, set in its own transaction). Cancel the future to stop watching.\n",
                model.entityName())
            .addModifiers(Modifier.PUBLIC)
            .returns(ParameterizedTypeName.get(ClassName.get(CompletableFuture.class), ClassName.get(Void.class)))
            .addParameter(model.id().type().type(), "id")
            .addStatement("return feed.watch(db, $L)", idElement())
            .build(),
        MethodSpec.methodBuilder("pruneDeletes")
            .addJavadoc("Removes the tombstones of deletes committed before {@code before}, in short transactions;\n"
                + "returns how many it removed. Consumers behind {@code before} then miss those deletes.\n")
            .addModifiers(Modifier.PUBLIC).returns(long.class)
            .addParameter(VERSIONSTAMP, "before")
            .addStatement("return feed.pruneDeletes(db, before)")
            .build(),
        MethodSpec.methodBuilder("subscribe")
            .addJavadoc("A live tail: every change after {@code after} (null: from the beginning) in version order, then\n"
                + "new ones as they commit, woken by a FoundationDB watch (no polling). Honours {@code request(n)}; after\n"
                + "a failed read it resumes from the last change delivered. Each subscription runs on its own daemon\n"
                + "thread until cancelled.\n")
            .addModifiers(Modifier.PUBLIC)
            .returns(ParameterizedTypeName.get(ClassName.get(Flow.Publisher.class), change()))
            .addParameter(VERSIONSTAMP, "after")
            .addStatement("return feed.subscribe(db, after)")
            .build());
  }
}
