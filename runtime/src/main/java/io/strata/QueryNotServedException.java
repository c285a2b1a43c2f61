package io.strata;

import io.strata.query.plan.Unserved;
import java.util.List;

/**
 * A run-time query ({@code where(...)}, {@code jdql(...)}) that no index narrows: it would read every row. The
 * message names the index that would serve it and how to declare it, and says that {@code Finder.allowScan()}
 * runs it anyway by reading every row (an order no index holds then sorted in memory).
 */
public final class QueryNotServedException extends StrataException {
  private final transient Unserved reason;

  /**
   * @param entity the entity queried
   * @param query the query's condition in words
   * @param reason the planner's answer
   * @param scanAllowed whether the finder already allowed a scan (then a scan cannot help)
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
    String nearest = nearest(entity, reason);
    if (nearest != null) {
      return "no vector index of " + entity + " serves the nearest search " + query + " (" + reason.detailInQuery() + "): " + nearest;
    }
    StringBuilder text = new StringBuilder("no index of ").append(entity).append(" serves the query ").append(query);
    if (reason.detailInQuery() != null && !reason.detailInQuery().isEmpty()) {
      text.append(" (").append(reason.detailInQuery()).append(')');
    }
    List<String> fields = reason.fields();
    if (reason.reason() == Unserved.Reason.NO_INDEX && reason.index() != null && !scanAllowed) {
      return text.append(": index ").append(reason.index()).append(" narrows it, and no index can serve the rest (an"
          + " expression, a function or a comparison only checked on rows); call allowScan() on the finder to read index ")
          .append(reason.index()).append(" and check the rest on each entity it reads").toString();
    }
    if (reason.reason() == Unserved.Reason.INDEX_LEAVES_OUT_NULLS && reason.index() != null) {
      text.append(": index ").append(reason.index()).append(" leaves out entities whose ").append(String.join(", ", fields))
          .append(" is null");
    } else if (!fields.isEmpty()) {
      String name = String.join("_", fields);
      text.append(": the index of (").append(String.join(", ", fields)).append(") would serve it; declare it on ")
          .append(entity).append(" with @Index(name = \"").append(name).append("\", fields = {")
          .append(String.join(", ", fields.stream().map(f -> "\"" + f + "\"").toList())).append("})");
    }
    boolean order = reason.reason() == Unserved.Reason.ORDER_NOT_SERVED || reason.reason() == Unserved.Reason.SPATIAL_ORDER;
    return text.append(scanAllowed ? " (allowScan() does not serve it either: declare the index)"
        : order ? "; or call allowScan() on the finder to read the results unordered and sort them in memory instead"
        : "; or call allowScan() on the finder to check every row instead").toString();
  }

  /** What to do about a nearest-neighbour query no vector index serves ({@code Finder.nearest}), or null for others. */
  private static String nearest(String entity, Unserved reason) {
    String fields = String.join(", ", reason.fields());
    return switch (reason.reason()) {
      case NEAREST_NO_INDEX -> entity + "." + fields + " has no vector index: annotate it @Embedding(dimensions = ...) "
          + "to search its nearest neighbours";
      case NEAREST_GROUP -> "its index searches one group at a time, and nothing names one value of " + fields
          + ": restrict each of them with equalTo(value) (an in(...), a range, a test that is not an equality or no "
          + "condition on a group field names no one group)";
      case NEAREST_ORDER -> "its results are nearest first: drop the order";
      case NEAREST_WITHOUT_LIMIT -> "give limit(k): how many of the nearest entities to return";
      case NEAREST_FORM -> "the nearest comparison of " + fields + " is searched alone, beside the restriction's conditions";
      default -> null;
    };
  }
}
