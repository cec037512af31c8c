import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { packageRoot } from "../../src/package/package-root.js";

/**
 * The read-only `shared/fixtures/` folder of real third-party artefacts that sits beside the repository
 * (`../shared`; a git worktree one level deeper finds it further up), or undefined on a clone that has
 * none beside it.
 */
export function findSharedFixtures(): string | undefined {
  for (let dir = dirname(packageRoot()); ; dir = dirname(dir)) {
    const candidate = join(dir, "shared", "fixtures");
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) return undefined;
  }
}

/** What `npm run test:shared` says, and fails with, when no `shared/fixtures/` sits beside the repository. */
export function missingSharedFixtures(): string {
  return `npm run test:shared needs the third-party artefacts in ../shared/fixtures/ beside the repository (none found above ${packageRoot()}); npm test needs nothing outside it`;
}

/** A file of `shared/fixtures/`, e.g. `sharedFixture("flowise", "swagger.yml")`. */
export function sharedFixture(...segments: string[]): string {
  const root = findSharedFixtures();
  if (root === undefined) throw new Error(missingSharedFixtures());
  const file = join(root, ...segments);
  if (!existsSync(file)) throw new Error(`shared fixture ${segments.join("/")} not found in ${root}`);
  return file;
}
