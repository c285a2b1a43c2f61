package com.example;

import com.apple.foundationdb.tuple.Tuple;
import io.strata.GeoPoint;
import io.strata.row.Elements;
import io.strata.row.EntityCodec;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import javax.annotation.processing.Generated;

/**
 * Converts {@link Account} to and from the tuple elements of its stored fields [id, email, region, tier, closedAt, tags, office, address].
 * Use {@link #INSTANCE} as an {@code io.strata.Codec} with the recipe layers.
 */
@Generated("io.strata.processor.StrataProcessor")
public final class AccountCodec extends EntityCodec<Account> {
  public static final AccountCodec INSTANCE = new AccountCodec();

  private AccountCodec() {
    super("Acct", List.of("id", "email", "region", "tier", "closedAt", "tags", "office", "address"), 0);
  }

  @Override
  public Object[] toElements(Account e) {
    return new Object[] {
          e.id(),
          e.email(),
          e.region(),
          (long) e.tier(),
          Elements.ofOptional(e.closedAt(), v1 -> Elements.ofInstant(v1)),
          Elements.ofCollection(e.tags(), v1 -> v1),
          Elements.ofGeoPoint(e.office()),
          AccountCodec.encodeAccountAddress(e.address())};
  }

  @Override
  public Account fromElements(Object[] el) {
    String f_id = el[0] == null ? null : Elements.toStr(el[0]);
    String f_email = el[1] == null ? null : Elements.toStr(el[1]);
    String f_region = el[2] == null ? null : Elements.toStr(el[2]);
    int f_tier = el[3] == null ? 0 : Elements.toInt(el[3]);
    Optional<Instant> f_closedAt = el[4] == null ? Optional.<Instant>empty() : Optional.of(Elements.toInstant(el[4]));
    List<String> f_tags = el[5] == null ? null : Elements.toList(el[5], v1 -> v1 == null ? null : Elements.toStr(v1));
    GeoPoint f_office = el[6] == null ? null : Elements.toGeoPoint(el[6]);
    Account.Address f_address = el[7] == null ? null : AccountCodec.decodeAccountAddress(el[7]);
    return new Account(f_id, f_email, f_region, f_tier, f_closedAt, f_tags, f_office, f_address);
  }

  static Object encodeAccountAddress(Account.Address r) {
    return r == null ? null : Tuple.fromList(Arrays.asList(r.street(), (long) r.number()));
  }

  static Account.Address decodeAccountAddress(Object e) {
    Tuple t = Elements.toTuple(e);
    return new Account.Address(t.get(0) == null ? null : Elements.toStr(t.get(0)), t.get(1) == null ? 0 : Elements.toInt(t.get(1)));
  }
}
