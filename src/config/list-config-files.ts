import { lstatSync, readdirSync, realpathSync, statSync } from "node:fs";
import { extname, join, resolve } from "node:path";
import { isInsideRoots } from "../project-files/project-root.js";
import { CONFIG_EXTENSIONS } from "./read-config-file.js";

const SETTINGS_FILE = /^tooldeck\.config\.(json|ya?ml)$/i;

/** Options of `listConfigFiles`. */
export interface ListConfigFilesOptions {
  /** Real folders (see `realRoots`) a symlinked file or folder must lead into; default anywhere. */
  roots?: readonly string[];
  /** Told of each file or folder left out because its symlink leads out of the roots. */
  onRefused?: (path: string, message: string) => void;
  /** Which files are listed, by how their names end; default `.json`, `.yaml` and `.yml`. */
  endings?: readonly string[];
}

/**
 * The .json/.yaml/.yml files (or those with one of `endings`) under `folder`, recursively, in code-point order of their names (stable on
 * every machine). Hidden files and folders (`.git`, `.gitkeep`) and `node_modules` (a package's own
 * JSON is not a tool) are left out, and so are tooldeck's own
 * settings files (`tooldeck.config.yaml`: rule severities, not a tool). Paths start with `folder`
 * as given, so messages name files the way the user wrote them; `base` resolves it when relative.
 * A symlink leading out of `roots` is refused (`tools/env.json → /proc/self/environ`), and a folder
 * already walked (a symlink loop) is not walked again.
 */
export function listConfigFiles(
  folder: string,
  base: string,
  options: ListConfigFilesOptions = {},
): string[] {
  return listFolder(folder, base, options, new Set([realPathOrSelf(resolve(base, folder))]));
}

function listFolder(
  folder: string,
  base: string,
  options: ListConfigFilesOptions,
  walked: Set<string>,
): string[] {
  const names = readdirSync(resolve(base, folder)).filter(
    (name) => !name.startsWith(".") && name !== "node_modules" && !SETTINGS_FILE.test(name),
  );
  names.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return names.flatMap((name) => {
    const path = join(folder, name);
    const absolute = resolve(base, path);
    const stats = statSync(absolute, { throwIfNoEntry: false });
    const isConfig = stats?.isFile() && isListed(name, options.endings);
    if (!stats?.isDirectory() && !isConfig) return [];
    const real = realPathOrSelf(absolute);
    if (lstatSync(absolute).isSymbolicLink() && options.roots && !isInsideRoots(real, options.roots)) {
      options.onRefused?.(
        path,
        `symlink points outside the project (${options.roots.join(", ")}); widen it with --root`,
      );
      return [];
    }
    if (!stats?.isDirectory()) return [path];
    if (walked.has(real)) return [];
    walked.add(real);
    return listFolder(path, base, options, walked);
  });
}

function isListed(name: string, endings: readonly string[] | undefined): boolean {
  if (!endings) return CONFIG_EXTENSIONS.includes(extname(name).toLowerCase());
  const lower = name.toLowerCase();
  return endings.some((ending) => lower.endsWith(ending));
}

function realPathOrSelf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}
