import { defineConfig } from "vitest/config";
import { SummaryLineReporter } from "./test/support/summary-line-reporter.js";
import { missingChromium } from "./test-browser/support/chromium.js";

/**
 * `npm run test:browser`: the tests that open tooldeck's HTML reports in Debian's headless Chromium
 * (installed by `.ci/run`), which a clone of the repository does not have. `npm test` needs nothing
 * outside the repository.
 */

// Without Chromium the suite fails, never skips: one line saying why, before vitest starts.
const missing = missingChromium();
if (missing !== undefined) {
  process.stderr.write(`${missing}\n`);
  process.exit(1);
}

export default defineConfig({
  test: {
    include: ["test-browser/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: ["default", new SummaryLineReporter()],
    // Every platform loaded, as the library's entries load them (src/platforms/all-platforms.ts).
    setupFiles: ["test/support/all-platforms.ts"],
  },
});
