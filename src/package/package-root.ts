import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

let cached: string | undefined;

/**
 * The folder holding tooldeck's package.json. Sources run from `src/` (tests) and from `dist/src/`
 * (the built CLI), so data files such as `seeds/` are found by walking up, not by a fixed depth.
 */
export function packageRoot(): string {
  if (cached) return cached;
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, "package.json"))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error("tooldeck's package.json was not found above its sources");
    dir = parent;
  }
  cached = dir;
  return dir;
}

/** A path inside the tooldeck package, e.g. `packagePath("seeds", "events.json")`. */
export function packagePath(...segments: string[]): string {
  return join(packageRoot(), ...segments);
}
