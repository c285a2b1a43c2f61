package io.strata.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.logging.Level;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;

/**
 * The key-space report in a real browser: Debian's headless Chromium through its chromedriver (both installed by
 * scripts/ensure-chromium.sh before the tests) loads the page, which must log no script error, draw a box per part
 * of the key space and show a box's detail on hover; a screenshot is kept in target/.
 */
class ReportInBrowserTest {
  @TempDir
  static Path temp;

  @Test
  void theReportLoadsWithoutScriptErrorsAndDrawsTheKeySpace() throws Exception {
    Path dir = temp.resolve("places");
    SamplesDatabase.create(dir);
    Path report = temp.resolve("report.html");
    SamplesDatabase.Run stats = SamplesDatabase.run("stats", "--url", "strata:file:" + dir, "--schema", SamplesDatabase.SCHEMA.toString(),
        "--html", report.toString());
    assertEquals(0, stats.exit(), stats.toString());
    long parts = stats.out().lines().filter(l -> l.contains("\t")).count(); // a line per part, then what writes are known

    ChromeOptions options = new ChromeOptions();
    options.setBinary("/usr/bin/chromium");
    // headless, as root, on a closed network: no sandbox, no GPU, and none of Chromium's background connections
    options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
        "--user-data-dir=" + Files.createDirectories(temp.resolve("chromium-profile")), "--window-size=1100,1000");
    LoggingPreferences logs = new LoggingPreferences();
    logs.enable(LogType.BROWSER, Level.ALL);
    options.setCapability("goog:loggingPrefs", logs);
    ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(Path.of("/usr/bin/chromedriver").toFile()).build();
    ChromeDriver browser = new ChromeDriver(service, options);
    try {
      browser.get(report.toUri().toString());
      List<WebElement> boxes = browser.findElements(By.cssSelector("#treemap rect"));
      assertEquals(parts, boxes.size(), "a box per line of stats");
      WebElement rows = boxes.stream().filter(b -> b.getAttribute("data-detail").startsWith("Place / rows:")).findFirst().orElseThrow();
      new Actions(browser).moveToElement(rows).perform();
      assertTrue(browser.findElement(By.id("detail")).getText().startsWith("Place / rows: " + SamplesDatabase.PLACES + " keys"),
          browser.findElement(By.id("detail")).getText());
      assertTrue(browser.findElement(By.id("writes")).getText().startsWith("writes: none in the write-ahead log"),
          "the page says what is known of writes: " + browser.findElement(By.id("writes")).getText());
      List<LogEntry> problems = browser.manage().logs().get(LogType.BROWSER).getAll().stream()
          .filter(e -> e.getLevel().intValue() >= Level.WARNING.intValue()).toList();
      assertEquals(List.of(), problems.stream().map(LogEntry::getMessage).toList(), "the console shows no error");
      Path screenshot = Path.of(System.getProperty("strata.cli.reportDir", "target"), "key-space-report.png");
      Files.createDirectories(screenshot.getParent());
      Files.write(screenshot, browser.getScreenshotAs(OutputType.BYTES));
    } finally {
      browser.quit();
    }
  }
}
