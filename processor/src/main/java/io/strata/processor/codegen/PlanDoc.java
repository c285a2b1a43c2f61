package io.strata.processor.codegen;

import io.strata.processor.model.BoundCriterion;
import io.strata.processor.model.EntityModel;
import io.strata.processor.model.Operator;
import io.strata.processor.model.QueryMethodModel;
import io.strata.processor.model.QueryMethodModel.Context;
import io.strata.processor.model.ResultShape;
import io.strata.processor.model.QueryPlan;
import io.strata.processor.planning.EntityInfos;
import io.strata.query.plan.Plan;
import io.strata.query.plan.PlanText;
import java.util.ArrayList;
import java.util.List;

/** The javadoc of a declared query method: what it returns, and its plan in keys. */
public final class PlanDoc {
  private final EntityModel entity;
  private final QueryMethodModel m;

  PlanDoc(EntityModel entity, QueryMethodModel m) {
    this.entity = entity;
    this.m = m;
  }

  String text() {
    StringBuilder b = new StringBuilder();
    b.append(summary()).append("\n");
    if (m.everyRowOnce()) {
      b.append("\n<p>Plan: some {@code Or} branch has no index to narrow it, so no index narrows this read: reads every row\n"
          + "{@code (" + q(entity.entityName()) + ", \"R\", id, ...)} once, in id order, in batches, and keeps those that match any branch's\n"
          + "conditions.\n");
    } else if (m.plans().size() > 1) {
      b.append("\n<p>Plan: each {@code Or} branch is read on its own, concurrently, and the union is returned without\n"
          + "duplicates (by id)").append(m.order().isEmpty() ? "" : ", sorted in memory by the OrderBy").append(":\n<ul>\n");
      m.plans().forEach(p -> b.append("<li>").append(plan(p)).append("</li>\n"));
      b.append("</ul>\n");
    } else {
      b.append("\n<p>Plan: ").append(plan(m.plans().get(0))).append("\n");
    }
    b.append("\n<p>").append(transaction()).append("\n");
    return b.toString();
  }

  private String summary() {
    QueryPlan only = m.plans().get(0);
    if (only.aggregate() != null) {
      String value = AggregateOperations.what(only.aggregate()) + " that match";
      return switch (m.shape()) {
        case OPTIONAL -> value + ", empty when none does.";
        case ONE -> value + ", or null when none does.";
        default -> value + (only.aggregate().counter() ? " (0 when none does)." : ".");
      };
    }
    if (only.nearest() != null) {
      boolean scored = m.element() instanceof com.palantir.javapoet.ParameterizedTypeName;
      return "The " + (m.shape() == ResultShape.STREAM ? "stream of the " : "") + "{@code " + only.nearest().k()
          + "} entities whose {@code " + only.nearest().embedding().name() + "} is nearest {@code "
          + only.nearest().query().params().get(0) + "}" + (scored ? ", each with its distance" : "")
          + ", nearest first\n(fewer when fewer match).";
    }
    String what = m.projection().isEmpty() ? "entities" : m.record() ? "{@code " + simpleName(m.element()) + "} projections" : "{@code "
        + m.projection().get(0).name() + "} values";
    String limit = m.parsed().limit() > 0 ? " (at most " + m.parsed().limit() + ")" : "";
    return switch (m.shape()) {
      case COUNT_LONG, COUNT_INT -> "How many entities match.";
      case EXISTS -> "Whether any entity matches.";
      case DELETE_LONG -> "Deletes the matching entities" + limit + " with their index entries; returns how many.";
      case DELETE_VOID -> "Deletes the matching entities" + limit + " with their index entries.";
      case OPTIONAL -> "The matching entity; more than one is an {@link io.strata.IncorrectResultSizeException}"
          + (m.parsed().limit() == 1 ? " (First: the first one)" : "") + ".";
      case ONE -> "The matching entity, never null: none"
          + (m.parsed().limit() == 1 ? "" : " or more than one") + " is an {@link io.strata.IncorrectResultSizeException}"
          + (m.parsed().limit() == 1 ? " (First: the first one)" : "") + "\n(declare {@code Optional} when none is a normal outcome).";
      case PAGE -> "One page of the matching " + what + ": at most {@code limit}; {@code after} (null for the first page)\n"
          + "continues where the previous page of this method with the same arguments stopped, in any transaction.";
      case STREAM -> "The matching " + what + limit + " as a lazy stream that reads " + (FindReads.streamsCandidates(m)
          ? m.parsed().limit() > 0 ? "them in one batch" : "{@value io.strata.query.CandidateReads#BATCH} candidates at a time"
          : "{@value io.strata.query.QueryResults#STREAM_BATCH} at a time") + (m.context() == Context.NONE ? ",\neach batch in its own read transaction, all at one read version: the stream"
              + " sees one snapshot of the data\n(a later batch takes a new version only past FoundationDB's five-second window)"
              : " in the transaction given") + " and must be closed.";
      default -> "The matching " + what + limit + (m.parsed().distinct() ? ", without repeats" : "") + ".";
    };
  }

  private String transaction() {
    if (FindReads.inBatches(m)) {
      return "Reads in batches of {@value io.strata.query.CandidateReads#BATCH} candidates, each in its own read transaction, all at one"
          + " read version,\nso that a list of any size returns (a later batch takes a new version only past FoundationDB's"
          + " five-second window).";
    }
    String where = m.context() == Context.NONE ? "Runs in its own transaction, retried on conflicts."
        : "Runs inside {@code " + m.params().get(0).name() + "}: pass a {@code Transaction} to compose it with other work.";
    return m.async() ? where + " Asynchronous: the future completes with the result." : where;
  }

  private String plan(QueryPlan p) {
    if (p.aggregate() != null) {
      var a = p.aggregate();
      String groups = String.join(" and ", p.equalities().stream().map(c -> "{@code " + c.field().name() + " = " + (switch (c.operator()) {
        case TRUE -> "true";
        case FALSE -> "false";
        default -> c.params().get(0);
      }) + "}").toList());
      return "reads @Aggregate {@code " + a.name() + "} (" + a.function() + ") for the group " + groups + ": "
          + (a.counter() ? "one key, " + AggregateOperations.keys(entity, a) + ", kept by atomic ADD in every save and delete"
          : "the " + (a.function().equals("MIN") ? "first" : "last") + " key of " + AggregateOperations.keys(entity, a)
          + ", one range read of one key")
          + "; no index scan and no row reads, whatever the group's size.";
    }
    if (p.nearest() != null) {
      return vectorSearch(p) + "; then reads the row of each candidate, concurrently.";
    }
    if (p.byId()) {
      BoundCriterion c = p.equalities().get(0);
      return "reads the row {@code (" + q(entity.entityName()) + ", \"R\", id)} of " + (c.operator() == Operator.IN
          ? "each distinct id of {@code " + c.params().get(0) + "}, concurrently, in the order given" : "{@code " + c.params().get(0) + "}")
          + "; no index." + filtered(p);
    }
    if (p.allRows()) {
      return "no index narrows this read: reads every row {@code (" + q(entity.entityName()) + ", \"R\", id, ...)} in id order,"
          + " in batches" + (m.shape() == ResultShape.PAGE || m.shape() == ResultShape.STREAM ? ", until a page is full" : "") + "." + filtered(p);
    }
    if (p.spatial() != null) {
      BoundCriterion s = p.spatialCriterion();
      // a Within with a limit, a page or a stream skip-scans its ranges in batches (SpatialQueries.within's pages)
      boolean inBatches = s.operator() == Operator.WITHIN
          && (scanLimit() > 0 || m.shape() == ResultShape.PAGE || m.shape() == ResultShape.STREAM);
      return "reads the Z-order index {@code (" + q(entity.entityName()) + ", \"Z\", " + q(s.field().name()) + ", z, id)} over the"
          + " z-ranges covering " + (s.operator() == Operator.WITHIN ? "{@code " + s.params().get(0) + "}"
          : "the circle of {@code " + s.params().get(1) + "} metres around {@code " + s.params().get(0) + "}")
          + (inBatches ? ", one range after another in batches until enough match" : ", concurrently")
          + ", keeping exact matches only; then reads the row of each match." + filtered(p);
    }
    StringBuilder b = new StringBuilder(indexKeys(entity, p));
    b.append(p.reverse() ? ", backwards" : ", forwards");
    int limit = m.plans().size() > 1 ? ScanCode.branchLimit(p, m.order(), entity.id(), scanLimit()) : scanLimit();
    if (m.shape() == ResultShape.EXISTS) {
      b.append(p.filtered().isEmpty() ? ", at most one key" : ", a batch at a time until a row matches").append(inPer(p));
    } else if (limit > 0 && p.filtered().isEmpty()) {
      b.append(", at most ").append(limit).append(limit == 1 ? " key" : " keys").append(inPer(p));
    } else if (m.shape() == ResultShape.PAGE || m.shape() == ResultShape.STREAM) {
      b.append(", one page of keys at a time").append(inPer(p));
    }
    if (p.equalities().stream().anyMatch(c -> c.operator() == Operator.IN)) {
      b.append(", merged in ").append(p.keyOrder() ? "key" : "index").append(" order");
    }
    b.append("; ");
    boolean keysOnly = m.plans().size() == 1 && m.projection().isEmpty()
        && (m.shape() == ResultShape.COUNT_INT || m.shape() == ResultShape.COUNT_LONG || m.shape() == ResultShape.EXISTS);
    if (p.fromKeys() || keysOnly) {
      b.append(p.filtered().isEmpty() ? "no row reads (the keys hold everything needed)" : "reads the rows");
    } else if (!p.rowsRead()) {
      b.append("no row reads (the covering entries hold the rows)");
    } else {
      b.append("then reads the row of each key found, concurrently");
    }
    if (m.shape() == ResultShape.DELETE_LONG || m.shape() == ResultShape.DELETE_VOID) {
      b.append(", and deletes each entity (its row and index entries)");
    }
    return b.append(".").append(filtered(p)).toString();
  }

  /** What an index plan reads, in keys ({@link PlanText#indexKeys}, the words a run-time query's explanation uses). */
  public static String indexKeys(EntityModel entity, QueryPlan p) {
    Plan.IndexRead read = new Plan.IndexRead(EntityInfos.index(p.index()), p.equalities().stream().map(EntityInfos::compare).toList(),
        p.range().stream().map(EntityInfos::compare).toList(), p.reverse(), p.keyOrder(), p.fromKeys(), p.rowsRead(), List.of(),
        List.of());
    return PlanText.indexKeys(entity.entityName(), read);
  }

  /** What a vector search reads ({@link PlanText#vectorSearch}, the words a run-time query's explanation uses). */
  public static String vectorSearch(QueryPlan p) {
    QueryPlan.NearestSearch n = p.nearest();
    return PlanText.vectorSearch(new Plan.VectorRead(EntityInfos.vector(n.embedding()), EntityInfos.compare(n.query()),
        p.equalities().stream().map(EntityInfos::compare).toList(), n.k(),
        p.filtered().stream().<io.strata.query.model.Condition>map(EntityInfos::compare).toList()));
  }

  private String inPer(QueryPlan p) {
    return p.equalities().stream().anyMatch(c -> c.operator() == Operator.IN) ? " per value" : "";
  }

  private int scanLimit() {
    return FindWriter.reads(m.shape(), m.parsed().limit());
  }

  private static String filtered(QueryPlan p) {
    if (p.filtered().isEmpty()) {
      return "";
    }
    List<String> names = new ArrayList<>();
    p.filtered().forEach(c -> names.add(c.field().name()));
    return " Filters {@code " + String.join(", ", names) + "} in memory on every row it reads ({@code @AllowFiltering});"
        + " limits apply after filtering.";
  }

  private static String simpleName(com.palantir.javapoet.TypeName t) {
    return t instanceof com.palantir.javapoet.ClassName c ? c.simpleName() : t.toString();
  }

  private static String q(String s) {
    return "\"" + s + "\"";
  }
}
