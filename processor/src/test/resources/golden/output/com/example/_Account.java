package com.example;

import io.strata.GeoPoint;
import io.strata.metamodel.Attribute;
import io.strata.metamodel.ComparableAttribute;
import io.strata.metamodel.TextAttribute;
import io.strata.row.Elements;
import java.time.Instant;
import java.util.List;
import javax.annotation.processing.Generated;

/**
 * The static metamodel of {@link Account}: its stored properties' names, and attributes that build run-time
 * restrictions ({@code where(...)}) and orders.
 */
@Generated("io.strata.processor.StrataProcessor")
public final class _Account {
  public static final String ID = "id";

  public static final String EMAIL = "email";

  public static final String REGION = "region";

  public static final String TIER = "tier";

  public static final String CLOSEDAT = "closedAt";

  public static final String TAGS = "tags";

  public static final String OFFICE = "office";

  public static final String ADDRESS = "address";

  public static final TextAttribute<Account> id = new TextAttribute<>(ID, e -> e.id());

  public static final TextAttribute<Account> email = new TextAttribute<>(EMAIL, e -> e.email());

  public static final TextAttribute<Account> region = new TextAttribute<>(REGION, e -> e.region());

  public static final ComparableAttribute<Account, Integer> tier = new ComparableAttribute<>(TIER, e -> e.tier(), v -> Elements.ofNumber(v));

  public static final ComparableAttribute<Account, Instant> closedAt = new ComparableAttribute<>(CLOSEDAT, e -> e.closedAt().orElse(null), v -> Elements.ofInstant(v));

  public static final Attribute<Account, List<String>> tags = new Attribute<>(TAGS, e -> e.tags(), v -> Elements.ofCollection(v, v1 -> v1));

  public static final Attribute<Account, GeoPoint> office = new Attribute<>(OFFICE, e -> e.office(), v -> Elements.ofGeoPoint(v));

  public static final Attribute<Account, Account.Address> address = new Attribute<>(ADDRESS, e -> e.address(), v -> AccountCodec.encodeAccountAddress(v));

  private _Account() {
  }
}
