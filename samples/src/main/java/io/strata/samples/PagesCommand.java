package io.strata.samples;

import jakarta.data.page.Page;
import jakarta.data.page.PageRequest;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * A country's places a page at a time, through the Jakarta Data repository {@link Atlas}: a {@code PageRequest} in,
 * a {@code Page} with totals out, planned onto the composite index {@code byCountryPopulation} at compile time.
 */
@Command(name = "pages", description = {"A country's places, largest first, one page at a time (Jakarta Data).",
    "Atlas.inCountry(country, PageRequest): the country's byCountryPopulation entries, with totals."})
final class PagesCommand implements Callable<Integer> {
  @ParentCommand
  PlaceFinder parent;

  @Parameters(index = "0", description = "ISO-3166 country code, e.g. FR") String country;

  @Option(names = "--page", defaultValue = "1", description = "which page, from 1 (default ${DEFAULT-VALUE})")
  int page;

  @Option(names = "--size", defaultValue = "10", description = "places per page (default ${DEFAULT-VALUE})")
  int size;

  @Spec
  CommandSpec spec;

  @Override
  public Integer call() {
    PlaceFinder.atLeastOne(spec, "--page", page);
    PlaceFinder.atLeastOne(spec, "--size", size);
    String code = IndexCommands.countryCode(spec, country);
    return parent.withPlaces(app -> {
      Page<Place> found = app.atlas().inCountry(code, PageRequest.ofPage(page, size, true));
      if (found.totalElements() == 0) {
        parent.err.println("no places with the country code " + code + " in the data");
        return 1;
      }
      parent.out.printf("%s, page %d of %d (%,d places, %d per page):%n", code, page, found.totalPages(),
          found.totalElements(), size);
      parent.printPlaces(found.content(), null);
      return 0;
    });
  }
}
