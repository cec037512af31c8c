import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { packageRoot } from "../../src/package-root.js";

/**
 * A file of the real Flowise artefacts in `../shared/fixtures/`, read in place (never copied). The folder
 * is looked up above the package root, since a git worktree sits deeper than the main checkout.
 */
export function sharedFixturePath(...segments: string[]): string {
  let dir = dirname(packageRoot());
  for (;;) {
    const candidate = join(dir, "shared", "fixtures");
    if (existsSync(candidate)) return join(candidate, ...segments);
    const parent = dirname(dir);
    if (parent === dir) throw new Error("shared/fixtures was not found above the package root");
    dir = parent;
  }
}
