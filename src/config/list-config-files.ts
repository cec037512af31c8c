import { join, resolve } from "node:path";
import { globSync } from "tinyglobby";
import { type GuardOptions, guardedFs, isConfigName, isLeftOut, type Refusal } from "./guarded-fs.js";

/** Options of `listConfigFiles`. */
export interface ListConfigFilesOptions extends GuardOptions {
  /** Which files are listed, by how their names end; default `.json`, `.yaml` and `.yml`. */
  endings?: readonly string[];
}

/**
 * The .json/.yaml/.yml files (or those with one of `endings`) under `folder`, recursively, in code-point order of their path segments
 * (stable on every machine). Hidden files and folders (`.git`, `.gitkeep`) and `node_modules` (a
 * package's own JSON is not a tool) are left out, and so are tooldeck's own settings files
 * (`tooldeck.config.yaml`: rule severities, not a tool). Paths start with `folder` as given, so
 * messages name files the way the user wrote them; `base` resolves it when relative. A symlink leading
 * out of `roots` is refused (`tools/env.json → /proc/self/environ`), and a folder already walked (a
 * symlink loop) is not walked again.
 */
export function listConfigFiles(
  folder: string,
  base: string,
  options: ListConfigFilesOptions = {},
): string[] {
  return findConfigFiles(folder, "**", base, options);
}

/**
 * The config files under `folder` that `pattern` (relative to it: `**\/*.yaml`, `{a,b}.yaml`) matches,
 * found by tinyglobby through the guarded file system (see `guardedFs`), in the order and form of
 * `listConfigFiles`.
 */
export function findConfigFiles(
  folder: string,
  pattern: string,
  base: string,
  options: ListConfigFilesOptions = {},
): string[] {
  const root = resolve(base, folder);
  const refused: Refusal[] = [];
  const found = globSync(pattern, {
    cwd: root,
    dot: false,
    ignore: ["**/node_modules/**"],
    expandDirectories: false,
    fs: guardedFs(folder, root, options.roots, refused),
  });
  for (const { path, message } of refused) options.onRefused?.(path, message);
  return found
    .filter((file) => !file.split("/").some(isLeftOut) && isListed(file, options.endings))
    .map((file) => file.split("/"))
    .sort(compareSegments)
    .map((segments) => join(folder, ...segments));
}

function isListed(file: string, endings: readonly string[] | undefined): boolean {
  if (!endings) return isConfigName(file);
  const name = file.toLowerCase();
  return endings.some((ending) => name.endsWith(ending));
}

function compareSegments(a: readonly string[], b: readonly string[]): number {
  for (let index = 0; index < Math.min(a.length, b.length); index++) {
    const [x, y] = [a[index] as string, b[index] as string];
    if (x !== y) return x < y ? -1 : 1;
  }
  return a.length - b.length;
}
