package io.strata.row;

import io.strata.CodecException;

/**
 * A stored tuple element of the wrong type or range. Carries the element so the caller that knows the
 * row ({@code EntityStore}) can name the field and key it came from.
 */
final class ElementException extends CodecException {
  private final transient Object element;

  ElementException(String message, Object element) {
    super(message);
    this.element = element;
  }

  public Object element() {
    return element;
  }
}
