package io.strata.processor.jakarta;

import io.strata.processor.validation.Diagnostics;
import io.strata.processor.validation.Messages;
import javax.lang.model.element.ExecutableElement;

/**
 * Jakarta Data's rule that a repository method limits its results one way ({@code jakarta.data.Limit}: no two
 * {@code Limit} parameters, no {@code Limit} beside a {@code PageRequest} or the {@code First} keyword).
 */
final class OneLimit {
  private OneLimit() {}

  /**
   * Whether {@code method} keeps the rule; else reports on it which two limits it combines and which to keep.
   *
   * @param limits how many {@code Limit} parameters it takes
   * @param first the {@code First} keyword's count in its name, 0 without one
   */
  static boolean holds(Diagnostics diagnostics, ExecutableElement method, String description, int limits, boolean limit,
      boolean pageRequest, int first) {
    String both = limits > 1 ? "takes " + limits + " Limit parameters"
        : limit && pageRequest ? "takes both a Limit and a PageRequest parameter"
        : limit && first > 0 ? "has the First keyword (First " + first + ") and a Limit parameter" : null;
    if (both == null) {
      return true;
    }
    diagnostics.error(method, Messages.JAKARTA_LIMITS, description, both, limits > 1 ? "keep one Limit"
        : pageRequest ? "keep the PageRequest for pages, or the Limit for the first results"
        : "drop First" + (first == 1 ? "" : first) + " from the name and pass Limit.of(" + first + "), or drop the Limit parameter");
    return false;
  }
}
