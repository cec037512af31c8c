import { defineConfig } from "vitest/config";
import { SummaryLineReporter } from "./test/support/summary-line-reporter.js";

/**
 * `npm run test:soak` (run by `.ci/run`): the tests that send tens of thousands of requests to each
 * server and fail when its heap grows. They take a minute, so `npm test` leaves them out.
 */
export default defineConfig({
  test: {
    include: ["test/**/*.soak.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 60_000,
    // One server measured at a time: the heap is the process's.
    fileParallelism: false,
    expect: { poll: { timeout: 10_000 } },
    reporters: ["default", new SummaryLineReporter()],
    // Every platform loaded, as the library's entries load them (src/platforms/all-platforms.ts).
    setupFiles: ["test/support/all-platforms.ts"],
  },
});
