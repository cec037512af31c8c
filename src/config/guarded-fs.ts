import { readdirSync as readFolder, realpathSync as realPathOf, statSync } from "node:fs";
import { basename, extname, join, relative, sep } from "node:path";
import type { FileSystemAdapter } from "tinyglobby";
import { isInsideRoots } from "../project-files/project-root.js";
import { CONFIG_EXTENSIONS } from "./read-config-file.js";

const SETTINGS_FILE = /^tooldeck\.config\.(json|ya?ml)$/i;

/** What the walk of a folder never looks at: hidden names, `node_modules`, tooldeck's settings files. */
export function isLeftOut(name: string): boolean {
  return name.startsWith(".") || name === "node_modules" || SETTINGS_FILE.test(name);
}

/** A name the walk lists: a .json/.yaml/.yml file of any case. */
export function isConfigName(name: string): boolean {
  return CONFIG_EXTENSIONS.includes(extname(name).toLowerCase());
}

export interface GuardOptions {
  /** Real folders a symlink must lead into; default anywhere. */
  roots?: readonly string[] | undefined;
  /** Told of each file or folder left out because its symlink leads out of the roots, once the walk ends. */
  onRefused?: ((path: string, message: string) => void) | undefined;
}

/** A symlink left out of the walk, and why, as `onRefused` is told. */
export interface Refusal {
  path: string;
  message: string;
}

/** A symlink the walk does not follow: fdir skips an entry whose realpath throws. */
class NotFollowed extends Error {}

/**
 * The file system tinyglobby walks `folder` (at `root`, absolute) through, with tooldeck's guards: each
 * folder is listed once, in code-point order of its names, whatever number of symlinks lead to it (a
 * symlink loop or a fan of links to one folder costs one listing, and the same folder wins on every
 * machine); a symlink leading out of `roots` is not followed, and is added to `refused` when it names a
 * folder or a config file (`tools/env.json → /proc/self/environ`).
 */
export function guardedFs(
  folder: string,
  root: string,
  roots: readonly string[] | undefined,
  refused: Refusal[],
): FileSystemAdapter {
  const listed = new Set<string>();
  const readdirSync = (path: string) => {
    const real = realPathOf(path);
    if (listed.has(real)) return [];
    listed.add(real);
    return readFolder(path, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
    );
  };
  const realpathSync = (path: string) => {
    if (isLeftOut(basename(path))) throw new NotFollowed(path);
    const real = realPathOf(path);
    const isFolder = statSync(real, { throwIfNoEntry: false })?.isDirectory() ?? false;
    // fdir takes a link for a loop when one target's path starts with another's (`…/f1` and `…/f10`) and
    // skips it; with a separator at the end only a real ancestor matches. Loops are stopped above anyway.
    if (!roots || isInsideRoots(real, roots)) return isFolder ? real + sep : real;
    if (isFolder || isConfigName(path))
      refused.push({
        path: join(folder, relative(root, path)),
        message: `symlink points outside the project (${roots.join(", ")}); widen it with --root`,
      });
    throw new NotFollowed(path);
  };
  return {
    readdirSync: readdirSync as unknown as NonNullable<FileSystemAdapter["readdirSync"]>,
    realpathSync: realpathSync as unknown as NonNullable<FileSystemAdapter["realpathSync"]>,
  };
}
