import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { packageRoot } from "../../src/package-root.js";

/**
 * A file of the read-only `shared/fixtures/` folder that sits beside the repository (`../shared`); a
 * git worktree one level deeper finds it further up.
 */
export function sharedFixture(...segments: string[]): string {
  for (let dir = dirname(packageRoot()); ; dir = dirname(dir)) {
    const candidate = join(dir, "shared", "fixtures", ...segments);
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir)
      throw new Error(`shared fixture ${segments.join("/")} not found above ${packageRoot()}`);
  }
}
