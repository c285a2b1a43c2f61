package io.strata.row;

import com.apple.foundationdb.tuple.Tuple;
import io.strata.Codec;
import io.strata.CodecException;
import java.util.Arrays;
import java.util.List;

/**
 * The generated, reflection-free description of an entity: its name, its stored fields in declaration
 * order, and conversions between an instance and the tuple elements of those fields. Every generated
 * {@code <Type>Codec} extends this class; as a {@link Codec} it stores the whole row as one tuple (the
 * form covering indexes and the recipe layers use).
 *
 * @param <T> the entity type
 */
public abstract class EntityCodec<T> implements Codec<T> {
  private final String entityName;
  private final List<String> fieldNames;
  private final int idIndex;

  protected EntityCodec(String entityName, List<String> fieldNames, int idIndex) {
    this.entityName = entityName;
    this.fieldNames = List.copyOf(fieldNames);
    this.idIndex = idIndex;
  }

  /** The {@code @Entity(name)}: the first element of every key. */
  public final String entityName() {
    return entityName;
  }

  /** The stored fields (id included), in declaration order: the positions of {@link #toElements}. */
  public final List<String> fieldNames() {
    return fieldNames;
  }

  /** The position of the {@code @Id} field in {@link #fieldNames()}. */
  public final int idIndex() {
    return idIndex;
  }

  /** Each stored field as a tuple element, in {@link #fieldNames()} order; null for an absent value. */
  public abstract Object[] toElements(T entity);

  /** Rebuilds an entity from tuple elements in {@link #fieldNames()} order (null = absent). */
  public abstract T fromElements(Object[] elements);

  /**
   * {@code entity} with the id element {@code id}: by default a new instance rebuilt from its elements with the id
   * replaced (through its constructor, as a row is read); a generated codec whose id has a setter or a writable field
   * sets it on {@code entity} and returns it.
   */
  public T withId(T entity, Object id) {
    Object[] elements = toElements(entity);
    elements[idIndex] = id;
    return fromElements(elements);
  }

  @Override
  public byte[] encode(T entity) {
    Object[] elements = toElements(entity);
    for (int i = 0; i < elements.length; i++) {
      if (elements[i] instanceof java.util.Map<?, ?>) {
        throw new CodecException(entityName + "." + fieldNames.get(i) + " is a @Document: a whole " + entityName
            + " cannot be packed into one tuple (as covering indexes and the recipe layers need); store it through its repository");
      }
    }
    return Tuple.fromList(Arrays.asList(elements)).pack();
  }

  @Override
  public T decode(byte[] bytes) {
    Tuple t;
    try {
      t = Tuple.fromBytes(bytes);
    } catch (RuntimeException e) {
      throw new CodecException(entityName + ": stored row bytes are not a valid tuple", e);
    }
    if (t.size() != fieldNames.size()) {
      throw new CodecException(entityName + ": stored row has " + t.size() + " elements but the entity has "
          + fieldNames.size() + " stored fields " + fieldNames);
    }
    try {
      return fromElements(t.getItems().toArray());
    } catch (CodecException e) {
      throw e;
    } catch (RuntimeException e) {
      throw new CodecException(entityName + ": stored row " + t + " does not make a valid " + entityName + ": " + e.getMessage(), e);
    }
  }

  @Override
  public String toString() {
    return getClass().getSimpleName() + "[" + entityName + " " + fieldNames + "]";
  }
}
