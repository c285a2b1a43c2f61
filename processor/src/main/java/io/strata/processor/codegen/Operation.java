package io.strata.processor.codegen;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.TypeName;
import java.util.List;

/**
 * One repository operation, written four ways: blocking and asynchronous, each in its own transaction
 * and inside a caller's {@code TransactionContext}.
 *
 * @param name the method name
 * @param doc what it does and which keys it reads or writes (javadoc)
 * @param result the (boxed) result type
 * @param params the parameters after the optional context
 * @param core an expression of type {@code CompletableFuture<result>} over a transaction named {@code tr}
 * @param write whether it writes (needs a {@code TransactionContext}, not a read context)
 * @param plan the kind of read its observations are tagged with ({@link CallHook}): {@code write} for a write, else
 *     set by {@link #planned}, {@code read} until then
 * @param afterCommit whether it runs through {@code store.run}/{@code runAsync} ({@code io.strata.index.AfterCommit})
 *     rather than {@code tc.run}: a transaction it commits itself is followed by the work its indexes ask after the
 *     commit (the splits of {@code @Embedding} partitions a save took over their maximum), done before it returns
 */
record Operation(String name, String doc, TypeName result, List<ParameterSpec> params, CodeBlock core, boolean write,
                 String plan, boolean afterCommit) {
  Operation {
    params = List.copyOf(params);
  }

  Operation(String name, String doc, TypeName result, List<ParameterSpec> params, CodeBlock core, boolean write) {
    this(name, doc, result, params, core, write, write ? "write" : "read", false);
  }

  /** This write, run through {@code store.run} ({@code AfterCommit}) rather than {@code tc.run}. */
  Operation followedAfterCommit() {
    return new Operation(name, doc, result, params, core, write, plan, true);
  }

  /** This operation, its reads of kind {@code kind} (a write stays {@code write}). */
  Operation planned(String kind) {
    return write ? this : new Operation(name, doc, result, params, core, false, kind, afterCommit);
  }

  /** {@code operations}, their reads of kind {@code kind}. */
  static List<Operation> planned(List<Operation> operations, String kind) {
    return operations.stream().map(op -> op.planned(kind)).toList();
  }
}
