import type { Reporter, TestModule } from "vitest/node";

/**
 * Ends the run with the plain line `N passed, M failed` (skipped counted after it), which CI systems
 * that do not parse vitest's own summary read.
 */
export class SummaryLineReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const module of testModules) {
      const failedBefore = counts.failed;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === "passed" || state === "failed" || state === "skipped") counts[state]++;
      }
      // A file that fails to load (or in a hook) fails the run without failing a test: count it.
      if (module.state() === "failed" && counts.failed === failedBefore) counts.failed++;
    }
    const skipped = counts.skipped > 0 ? `, ${counts.skipped} skipped` : "";
    process.stdout.write(`${counts.passed} passed, ${counts.failed} failed${skipped}\n`);
  }
}
