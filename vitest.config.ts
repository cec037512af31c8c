import { defineConfig } from "vitest/config";
import { SummaryLineReporter } from "./test/support/summary-line-reporter.js";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    exclude: ["test/**/*.int.test.ts", "test/**/*.soak.test.ts", "node_modules/**"],
    testTimeout: 30_000,
    // A server started in-process loads its modules through vite's transform first: on a busy machine
    // that took over the 1 s expect.poll waits by default (serve's "listening on" came at ~1.2 s).
    expect: { poll: { timeout: 10_000 } },
    reporters: ["default", new SummaryLineReporter()],
    // Tests reach modules as the library's entries do: with every platform loaded (src/platforms/all-platforms.ts).
    setupFiles: ["test/support/all-platforms.ts"],
  },
});
