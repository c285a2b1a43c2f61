package io.strata.processor.validation;

import javax.annotation.processing.Messager;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.tools.Diagnostic;

/** Reports errors through the compiler, on the element (and annotation, so the caret lands on it). */
public final class Diagnostics {
  private final Messager messager;
  private boolean failed;
  private int errors;

  public Diagnostics(Messager messager) {
    this.messager = messager;
  }

  public void error(Element element, Messages message, Object... args) {
    failed = true;
    errors++;
    messager.printMessage(Diagnostic.Kind.ERROR, message.format(args), element);
  }

  public void error(Element element, AnnotationMirror annotation, Messages message, Object... args) {
    failed = true;
    errors++;
    if (annotation == null) {
      messager.printMessage(Diagnostic.Kind.ERROR, message.format(args), element);
    } else {
      messager.printMessage(Diagnostic.Kind.ERROR, message.format(args), element, annotation);
    }
  }

  /** A warning on {@code element}: the code compiles, but the message says what to change. */
  public void warning(Element element, Messages message, Object... args) {
    messager.printMessage(Diagnostic.Kind.WARNING, message.format(args), element);
  }

  /** A note (not an error) on {@code element}, or on the whole compilation when it is null. */
  public void note(Element element, Messages message, Object... args) {
    if (element == null) {
      messager.printMessage(Diagnostic.Kind.NOTE, message.format(args));
    } else {
      messager.printMessage(Diagnostic.Kind.NOTE, message.format(args), element);
    }
  }

  /** Whether any error was reported since the last {@link #reset()}. */
  public boolean failed() {
    return failed;
  }

  /**
   * How many errors were reported, ever ({@link #reset()} leaves it): whether one was reported while reading one method
   * of several, unlike {@link #failed()}, which an earlier method's error also sets.
   */
  public int errors() {
    return errors;
  }

  public void reset() {
    failed = false;
  }
}
