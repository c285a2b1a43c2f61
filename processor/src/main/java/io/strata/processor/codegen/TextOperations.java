package io.strata.processor.codegen;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import io.strata.processor.model.EntityModel;
import io.strata.processor.model.FieldModel;
import java.util.ArrayList;
import java.util.List;

/** Queries of {@code @Text} fields: all words, any word, phrase, word prefix; each listed and paged. */
final class TextOperations {
  static final ClassName TEXT_QUERIES = ClassName.get("io.strata.index.text", "TextQueries");
  static final ClassName TEXT_DEFINITION = ClassName.get("io.strata.index.text", "TextDefinition");

  private final EntityModel model;

  TextOperations(EntityModel model) {
    this.model = model;
  }

  static List<CodeBlock> definitions(EntityModel model) {
    List<CodeBlock> out = new ArrayList<>();
    model.texts().forEach(f -> out.add(CodeBlock.of("new $T($S)", TEXT_DEFINITION, f.name())));
    return out;
  }

  /** One form: its method suffix, the runtime call, the parameter name and what it matches. */
  private record Form(String suffix, String call, String param, String matches) {}

  List<Operation> operations() {
    return model.texts().stream().flatMap(f -> operations(f).stream()).toList();
  }

  /** The operations of one {@code @Text} field. */
  List<Operation> operations(FieldModel f) {
    List<Operation> ops = new ArrayList<>();
    TypeName t = model.type();
    List<Form> forms = List.of(
        new Form("ContainingAllWords", "allWords", "text", "holds every word of {@code text}"),
        new Form("ContainingAnyWord", "anyWord", "text", "holds at least one word of {@code text}"),
        new Form("ContainingPhrase", "phrase", "phrase", "holds the words of {@code phrase} adjacent and in order"),
        new Form("ContainingWordStartingWith", "wordStartingWith", "prefix",
            "holds a word starting with {@code prefix} (reads every entry of the matching words)"));
    String keys = "{@code (" + CrudOperations.q(model.entityName()) + ", \"T\", " + CrudOperations.q(f.name()) + ", word, id)}";
    String words = "Words are runs of letters and digits, lower-cased, accents removed. Exact; in id order; reads " + keys
        + "\nin id order (intersections are merge joins), then the matching rows.";
    for (Form form : forms) {
      ParameterSpec text = ParameterSpec.builder(String.class, form.param()).build();
      String which = "The entities whose {@code " + f.name() + "} " + form.matches() + ".\n" + words;
      ops.add(new Operation("findBy" + CrudOperations.capitalized(f.name()) + form.suffix(), which,
          ParameterizedTypeName.get(ClassName.get(List.class), t), List.of(text),
          CodeBlock.of("fullText.$N(tr, $S, $N, $T.MAX_VALUE, null).thenApply($T::items)", form.call(), f.name(), form.param(),
              Integer.class, CrudOperations.PAGE), false));
      ops.add(new Operation("findBy" + CrudOperations.capitalized(f.name()) + form.suffix(),
          "One page of " + which.substring(4, 5).toLowerCase() + which.substring(5) + "\n{@code after} (null for the first page)"
              + " continues after the last entity of the previous page.",
          ParameterizedTypeName.get(CrudOperations.PAGE, t),
          List.of(text, ParameterSpec.builder(int.class, "limit").build(), ParameterSpec.builder(CrudOperations.CONTINUATION, "after").build()),
          CodeBlock.of("fullText.$N(tr, $S, $N, limit, after)", form.call(), f.name(), form.param()), false));
    }
    return ops;
  }
}
