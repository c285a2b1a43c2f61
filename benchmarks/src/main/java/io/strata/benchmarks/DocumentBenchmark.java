package io.strata.benchmarks;

import com.apple.foundationdb.Database;
import io.strata.embedded.EmbeddedFdb;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Reading part of a document against reading the whole entity, through the generated
 * {@code PostRepository}: {@code getPath(id, "body", "user")} (the 4 leaves under one prefix) against
 * {@code findById(id)} (the row and all {@value #LEAVES} leaves of the flattened document, reassembled).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class DocumentBenchmark {
  static final int COMMENTS = 49;
  /** 4 user leaves + 49 comments × 4 leaves. */
  static final int LEAVES = 4 + COMMENTS * 4;

  private Database db;
  private PostRepository posts;

  @Setup(Level.Trial)
  public void fill() {
    db = EmbeddedFdb.open();
    posts = new PostRepository(db);
    posts.save(new Post("p1", "A post with many comments", body()));
  }

  @TearDown(Level.Trial)
  public void close() {
    db.close();
  }

  static Map<String, Object> body() {
    Map<String, Object> user = new LinkedHashMap<>();
    user.put("name", "Ada");
    user.put("karma", 1_815L);
    user.put("email", "ada@example.com");
    user.put("verified", true);
    List<Object> comments = new ArrayList<>();
    for (int i = 0; i < COMMENTS; i++) {
      Map<String, Object> comment = new LinkedHashMap<>();
      comment.put("author", "reader " + i);
      comment.put("text", "Comment number " + i + " on the post.");
      comment.put("likes", (long) i);
      comment.put("score", i / 7.0);
      comments.add(comment);
    }
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("user", user);
    body.put("comments", comments);
    return body;
  }

  @Benchmark
  public Optional<Object> getPathUser() {
    return posts.getPath("p1", "body", "user");
  }

  @Benchmark
  public Optional<Post> findById() {
    return posts.findById("p1");
  }
}
