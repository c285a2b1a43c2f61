package io.strata.observation;

import java.util.function.Supplier;

/**
 * What an observed database does around a repository call; an interface free of Micrometer types, so that checking
 * whether a database is observed loads no Micrometer class.
 */
interface CallObserver {
  <T> T observeCall(String entity, String method, String plan, Supplier<T> call);
}
