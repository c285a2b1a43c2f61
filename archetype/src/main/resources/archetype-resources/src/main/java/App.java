package ${package};

import io.strata.Strata;
import io.strata.StrataDb;
#if ($flavour == "jakarta-data")
import jakarta.data.Order;
import jakarta.data.Sort;
import jakarta.data.page.PageRequest;
#end

/** Saves two tasks and queries them: on the embedded engine, or on the database a URL names. */
public final class App {
  private App() {}

  /** @param args optionally a Strata URL, e.g. {@code strata:fdb:} for the default FoundationDB cluster */
  public static void main(String[] args) {
    String url = args.length > 0 ? args[0] : "strata:mem:";
    try (StrataDb sdb = Strata.connect(url)) {
      Tasks tasks = new TasksImpl(sdb);
#if ($flavour == "jakarta-data")
      tasks.insert(new Task("t1", "strata", "describe the data as records", true));
      tasks.insert(new Task("t2", "strata", "run the tests", false));
      System.out.println("all:   " + tasks.byProject("strata"));
      System.out.println("to do: " + tasks.findByProjectAndDoneFalse("strata"));
      System.out.println("last:  " + tasks.pageOf("strata", PageRequest.ofSize(1), Order.by(Sort.desc("id"))).content());
#else
      tasks.save(new Task("t1", "strata", "describe the data as records", true));
      tasks.save(new Task("t2", "strata", "run the tests", false));
      System.out.println("all:   " + tasks.findByProject("strata"));
      System.out.println("to do: " + tasks.findByProjectAndDoneFalse("strata"));
#end
    }
  }
}
