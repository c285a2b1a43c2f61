package io.strata.cdi;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * The repository classes listed in the {@value #RESOURCE} resources a class loader sees. The Strata processor writes
 * one such resource per compiled module: a comment line, then the fully qualified name of each repository class it
 * generated, one per line.
 */
final class RepositoryIndex {
  /** The resource the processor writes (io.strata.processor.codegen.RepositoryIndexWriter). */
  static final String RESOURCE = "META-INF/strata/repositories";

  private RepositoryIndex() {}

  /**
   * Every listed class name, sorted, with the first resource that lists it (error messages name it).
   *
   * @throws IOException when a resource cannot be read
   */
  static Map<String, URL> read(ClassLoader loader) throws IOException {
    Map<String, URL> listed = new TreeMap<>();
    for (URL resource : Collections.list(loader.getResources(RESOURCE))) {
      try (BufferedReader lines = new BufferedReader(new InputStreamReader(resource.openStream(), StandardCharsets.UTF_8))) {
        lines.lines()
            .map(String::strip)
            .filter(line -> !line.isEmpty() && !line.startsWith("#"))
            .forEach(className -> listed.putIfAbsent(className, resource));
      }
    }
    return listed;
  }
}
