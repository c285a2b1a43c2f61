package io.strata;

import io.strata.query.plan.Unserved;
import java.util.List;

/**
 * A run-time query ({@code where(...)}, {@code jdql(...)}) that no index narrows: it would read every row. The
 * message names the index that would serve it and how to declare it, and says that {@code Finder.allowScan()}
 * runs it anyway by reading every row.
 */
public final class QueryNotServedException extends StrataException {
  private final transient Unserved reason;

  /**
   * @param entity the entity queried
   * @param query the query's condition in words
   * @param reason the planner's answer
   * @param scanAllowed whether the finder already allowed a scan (then a scan cannot help: it does not sort)
   */
  public QueryNotServedException(String entity, String query, Unserved reason, boolean scanAllowed) {
    super(message(entity, query, reason, scanAllowed));
    this.reason = reason;
  }

  /** Why no index serves the query, and which one would. */
  public Unserved reason() {
    return reason;
  }

  private static String message(String entity, String query, Unserved reason, boolean scanAllowed) {
    StringBuilder text = new StringBuilder("no index of ").append(entity).append(" serves the query ").append(query);
    if (reason.detail() != null && !reason.detail().isEmpty()) {
      text.append(" (").append(reason.detail()).append(')');
    }
    List<String> fields = reason.fields();
    if (reason.reason() == Unserved.Reason.INDEX_LEAVES_OUT_NULLS && reason.index() != null) {
      text.append(": index ").append(reason.index()).append(" leaves out entities whose ").append(String.join(", ", fields))
          .append(" is null");
    } else if (!fields.isEmpty()) {
      String name = String.join("_", fields);
      text.append(": the index of (").append(String.join(", ", fields)).append(") would serve it; declare it on ")
          .append(entity).append(" with @Index(name = \"").append(name).append("\", fields = {")
          .append(String.join(", ", fields.stream().map(f -> "\"" + f + "\"").toList())).append("})");
    }
    return text.append(scanAllowed ? " (allowScan() reads every row but does not sort them: drop the order, or declare the index)"
        : "; or call allowScan() on the finder to check every row instead").toString();
  }
}
