import { defineConfig } from "vitest/config";
import { SummaryLineReporter } from "./test/support/summary-line-reporter.js";
import { findSharedFixtures, missingSharedFixtures } from "./test-shared/support/shared-fixture.js";

/**
 * `npm run test:shared`: the tests that read the real third-party artefacts in `../shared/fixtures/`
 * (Flowise's exports and swagger.yml), which a clone of the repository does not have. `npm test`
 * (vitest.config.ts) needs nothing outside the repository.
 */

// Without the artefacts the suite fails, never skips: one line saying why, before vitest starts (a
// failing global setup would print "No test files found" and a stack trace instead).
if (findSharedFixtures() === undefined) {
  process.stderr.write(`${missingSharedFixtures()}\n`);
  process.exit(1);
}

export default defineConfig({
  test: {
    include: ["test-shared/**/*.test.ts"],
    testTimeout: 30_000,
    reporters: ["default", new SummaryLineReporter()],
    // Every platform loaded, as the library's entries load them (src/platforms/all-platforms.ts).
    setupFiles: ["test/support/all-platforms.ts"],
  },
});
