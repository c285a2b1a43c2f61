package io.strata.observation;

import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * What an observed database does around a repository call; an interface free of Micrometer types, so that checking
 * whether a database is observed loads no Micrometer class.
 */
interface CallObserver {
  <T> T observeCall(String entity, String method, String plan, Supplier<T> call);

  /** A call whose observation stops when the future it returns completes. */
  <T> CompletableFuture<T> observeAsyncCall(String entity, String method, String plan, Supplier<CompletableFuture<T>> call);

  /** A call whose observation stops when the stream it returns ends ({@link ObservedStream}). */
  <T> Stream<T> observeStreamCall(String entity, String method, String plan, Supplier<Stream<T>> call);
}
