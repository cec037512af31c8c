import { isAbsolute, join, sep } from "node:path";
import picomatch from "picomatch";
import { type ListConfigFilesOptions, listConfigFiles } from "./list-config-files.js";

const GLOB_CHARS = /[*?[]/;

/** Whether a path given on the command line is a pattern (`tools/**\/*.yaml`, quoted so the shell leaves it). */
export function isGlob(path: string): boolean {
  return GLOB_CHARS.test(path);
}

/**
 * The config files a pattern matches, in the order `listConfigFiles` walks them: `*` and `?` within a
 * name, `[abc]` a class, `**` any number of folders. The folder before the first pattern segment is
 * walked (hidden folders and `node_modules` left out, symlinks held to the roots).
 * @example
 * expandGlob("tools/**\/*.yaml", process.cwd()); // ["tools/request-tools.yaml", "tools/more/x.yaml"]
 */
export function expandGlob(pattern: string, base: string, options: ListConfigFilesOptions = {}): string[] {
  const segments = pattern.split(/[\\/]/);
  const prefix = globBase(pattern);
  // The rest of the pattern, matched against paths under the base by picomatch (dotfiles as the walk
  // already left hidden folders out).
  const matcher = picomatch(segments.slice(segments.findIndex((segment) => isGlob(segment))).join("/"));
  const files = safeList(prefix, base, options);
  return files.filter((file) => matcher(relativeTo(prefix, file)));
}

/** The folder a pattern's matches are under: its segments before the first one with a wildcard. */
export function globBase(pattern: string): string {
  const segments = pattern.split(/[\\/]/);
  const first = segments.findIndex((segment) => isGlob(segment));
  return segments.slice(0, first).join("/") || (isAbsolute(pattern) ? sep : ".");
}

function safeList(folder: string, base: string, options: ListConfigFilesOptions): string[] {
  try {
    return listConfigFiles(folder, base, options);
  } catch {
    return [];
  }
}

/** `file` without the `prefix/` listConfigFiles starts it with, `/`-separated. */
function relativeTo(prefix: string, file: string): string {
  const forward = file.split(sep).join("/");
  const start = prefix === "." ? "" : `${join(prefix).split(sep).join("/").replace(/\/$/, "")}/`;
  return forward.startsWith(start) ? forward.slice(start.length) : forward;
}
