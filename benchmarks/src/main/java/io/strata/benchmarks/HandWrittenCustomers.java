package io.strata.benchmarks;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.MutationType;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.zip.CRC32;

/**
 * {@link Customer} stored the way a careful programmer writes it by hand with fdb-java tuples, in the
 * same layout the generated repository uses (the design recipes): a packed row {@code (E, "R", id, 0) =
 * pack("id", id, "city", city, "age", age, "name", name)} (the id too, as the generated code stores it), the index {@code (E, "I", "city", city, id) = b""}, the count sharded by id,
 * {@code (E, "#", crc32(pack(id)) % 32)}, by atomic ADD. A save reads the old row first and replaces a stale index entry. The baseline of
 * {@link RepositoryBenchmark}.
 */
final class HandWrittenCustomers {
  private static final byte[] EMPTY = new byte[0];
  private static final byte[] PLUS_ONE = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(1).array();

  private final Database db;
  private final Subspace rows;
  private final Subspace byCity;
  private final Subspace count;

  HandWrittenCustomers(Database db, Subspace root) {
    this.db = db;
    Subspace entity = root.get("Customer");
    this.rows = entity.get("R");
    this.byCity = entity.get("I").get("city");
    this.count = entity.get("#");
  }

  void save(Customer c) {
    db.run(tr -> {
      Optional<Customer> old = load(tr, c.id()).join();
      if (old.isPresent() && !old.get().city().equals(c.city())) {
        tr.clear(byCity.pack(Tuple.from(old.get().city(), c.id())));
      }
      writeRow(tr, c);
      if (old.isEmpty()) {
        tr.mutate(MutationType.ADD, countKey(c.id()), PLUS_ONE);
      }
      return null;
    });
  }

  Optional<Customer> findById(String id) {
    return db.read(tr -> load(tr, id).join());
  }

  /** The customers in {@code city}: one range read of the index, then the rows, read concurrently. */
  List<Customer> findByCity(String city) {
    return db.read(tr -> {
      List<CompletableFuture<Optional<Customer>>> reads = new ArrayList<>();
      for (KeyValue kv : tr.getRange(byCity.range(Tuple.from(city))).asList().join()) {
        reads.add(load(tr, byCity.unpack(kv.getKey()).getString(1)));
      }
      List<Customer> out = new ArrayList<>(reads.size());
      for (CompletableFuture<Optional<Customer>> read : reads) {
        read.join().ifPresent(out::add);
      }
      return out;
    });
  }

  private CompletableFuture<Optional<Customer>> load(ReadTransaction tr, String id) {
    Subspace row = rows.get(id);
    return tr.getRange(row.range()).asList().thenApply(kvs -> {
      if (kvs.isEmpty()) {
        return Optional.empty();
      }
      String city = null;
      String name = null;
      int age = 0;
      Tuple fields = Tuple.fromBytes(kvs.get(0).getValue()); // one part: a Customer packs to well under 90,000 bytes
      for (int i = 0; i < fields.size(); i += 2) {
        switch (fields.getString(i)) {
          case "age" -> age = (int) fields.getLong(i + 1);
          case "city" -> city = fields.getString(i + 1);
          case "name" -> name = fields.getString(i + 1);
          default -> { }
        }
      }
      return Optional.of(new Customer(id, city, age, name));
    });
  }

  /** Inserts a customer known to be new inside {@code tr} (no old-row read), for bulk loading. */
  void insert(Transaction tr, Customer c) {
    writeRow(tr, c);
    tr.mutate(MutationType.ADD, countKey(c.id()), PLUS_ONE);
  }

  /** The id's count shard: the CRC-32 of the id packed as a one-element tuple, modulo 32 (docs/indexes.md). */
  private byte[] countKey(String id) {
    CRC32 crc = new CRC32();
    crc.update(Tuple.from(id).pack());
    return count.pack(crc.getValue() % 32);
  }

  private void writeRow(Transaction tr, Customer c) {
    tr.set(rows.pack(Tuple.from(c.id(), 0L)), Tuple.from("id", c.id(), "city", c.city(), "age", c.age(), "name", c.name()).pack());
    tr.set(byCity.pack(Tuple.from(c.city(), c.id())), EMPTY);
  }
}
