package io.strata.jakarta.data.tck;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingFile;
import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;

/**
 * Counts every {@link UnsupportedOperationException} created while the TCK runs, wherever it comes from (Strata's
 * generated code, its run time, or a JDK collection Strata returned and the TCK tried to change). The TCK lets a
 * weaker store pass 22 of its tests by throwing one ({@code catch (UnsupportedOperationException x) { return; }});
 * Strata must not need that, so the build log states the count and the run fails when it is not 0.
 *
 * <p>It records JFR's {@code jdk.JavaExceptionThrow} event (one per exception constructed) for the whole launcher
 * session and reads the recording when the session closes. Registered through META-INF/services.
 */
public final class UnsupportedOperationCount implements LauncherSessionListener {
  private Recording recording;

  @Override
  public void launcherSessionOpened(LauncherSession session) {
    recording = new Recording();
    recording.enable("jdk.JavaExceptionThrow").withStackTrace();
    recording.start();
  }

  @Override
  public void launcherSessionClosed(LauncherSession session) {
    recording.stop();
    List<String> throwers = new ArrayList<>();
    try {
      Path file = Files.createTempFile("tck-exceptions", ".jfr");
      recording.dump(file);
      for (RecordedEvent e : RecordingFile.readAllEvents(file)) {
        if (e.getClass("thrownClass") != null && e.getClass("thrownClass").getName().equals(UnsupportedOperationException.class.getName())) {
          throwers.add(thrower(e));
        }
      }
      Files.delete(file);
    } catch (IOException e) {
      throw new UncheckedIOException("could not read the exception recording", e);
    } finally {
      recording.close();
    }
    System.out.println("[strata] UnsupportedOperationException thrown during the TCK run: " + throwers.size());
    throwers.stream().distinct().forEach(t -> System.out.println("[strata]   thrown at " + t));
    if (!throwers.isEmpty()) {
      throw new AssertionError(throwers.size() + " UnsupportedOperationException(s) were thrown during the TCK run: a test"
          + " may have passed by the escape the TCK allows a weaker store (see the lines above)");
    }
  }

  /** The first frame outside the exception's own constructors. */
  private static String thrower(RecordedEvent e) {
    if (e.getStackTrace() == null) {
      return "(no stack trace)";
    }
    for (RecordedFrame f : e.getStackTrace().getFrames()) {
      String type = f.getMethod().getType().getName();
      if (!type.equals(UnsupportedOperationException.class.getName()) && !type.startsWith("java.lang.Throwable")
          && !type.startsWith("java.lang.Exception") && !type.startsWith("java.lang.RuntimeException")) {
        return type + "." + f.getMethod().getName() + ":" + f.getLineNumber();
      }
    }
    return "(unknown)";
  }
}
