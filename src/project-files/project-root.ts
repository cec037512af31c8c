import { existsSync, realpathSync } from "node:fs";
import { dirname, resolve, sep } from "node:path";

/**
 * The project a run may read from when no root is given: the repository the working directory is in
 * (the nearest folder above it with a `.git` entry), else the working directory itself.
 */
export function projectRoot(cwd: string = process.cwd()): string {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    if (existsSync(resolve(dir, ".git"))) return dir;
    if (dirname(dir) === dir) return resolve(cwd);
  }
}

/**
 * Roots as real paths (symlinks resolved), so a path is compared with what it really is; each once, and
 * none inside another (messages list them).
 */
export function realRoots(roots: readonly string[]): string[] {
  const real = roots.map((root) => {
    try {
      return realpathSync(root);
    } catch {
      return resolve(root);
    }
  });
  const unique = [...new Set(real)];
  return unique.filter((root) => !unique.some((other) => other !== root && isInsideRoots(root, [other])));
}

/** Whether a real path is one of the roots or below one. */
export function isInsideRoots(realPath: string, roots: readonly string[]): boolean {
  return roots.some(
    (root) => realPath === root || realPath.startsWith(root.endsWith(sep) ? root : root + sep),
  );
}
