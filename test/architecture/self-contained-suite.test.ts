import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { packagePath } from "../../src/package/package-root.js";
import mainSuite from "../../vitest.config.js";

/**
 * `npm test` passes on a clone with nothing beside it (issue 28): no file of the main suite reads the
 * third-party artefacts in `../shared/fixtures/` or reaches into the shared suite (`test-shared/`,
 * `npm run test:shared`) that does, nor starts the system's Chromium as the browser suite
 * (`test-browser/`, `npm run test:browser`) does (issue 34).
 */
const THIS_FILE = fileURLToPath(import.meta.url);
const OUTSIDE_READS = [
  /\.\.[/\\]shared\b/,
  /\bshared[/\\]fixtures\b/,
  /\bsharedFixture\b/,
  /\btest-shared\b/,
  /\btest-browser\b/,
  /\bplaywright-core\b/,
  /\/usr\/bin\/chromium\b/,
];

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

describe("the main suite needs nothing outside the repository", () => {
  test("no file under test/ names ../shared, shared/fixtures, sharedFixture, test-shared, test-browser, playwright-core or Chromium", () => {
    const files = filesUnder(packagePath("test")).filter((file) => file !== THIS_FILE);
    expect(files.length).toBeGreaterThan(100);
    const offenders = files.flatMap((file) => {
      const text = readFileSync(file, "utf8");
      const hit = OUTSIDE_READS.find((pattern) => pattern.test(text));
      return hit ? [`${relative(packagePath(), file)}: ${hit}`] : [];
    });
    expect(offenders).toEqual([]);
  });

  test("vitest.config.ts runs test/ only; the shared suite's files are not in it", () => {
    expect(mainSuite.test?.include).toEqual(["test/**/*.test.ts"]);
    const sharedSuite = filesUnder(packagePath("test-shared")).filter((file) => file.endsWith(".test.ts"));
    expect(sharedSuite.length).toBeGreaterThan(0);
    const browserSuite = filesUnder(packagePath("test-browser")).filter((file) => file.endsWith(".test.ts"));
    expect(browserSuite.length).toBeGreaterThan(0);
  });
});
