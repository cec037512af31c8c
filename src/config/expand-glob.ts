import { isAbsolute, sep } from "node:path";
import picomatch from "picomatch";
import { findConfigFiles, type ListConfigFilesOptions } from "./list-config-files.js";

/**
 * Whether a path given on the command line is a pattern (`tools/**\/*.yaml`, `tools/{a,b}.yaml`, quoted
 * so the shell leaves it), as picomatch reads one.
 */
export function isGlob(path: string): boolean {
  return picomatch.scan(path).isGlob;
}

/**
 * The config files a pattern matches, in the order `listConfigFiles` walks them, found by tinyglobby:
 * `*` and `?` within a name, `[abc]` a class, `{a,b}` either, `**` any number of folders. Only the
 * folder before the first pattern segment is walked, and only as deep as the pattern can match (hidden
 * folders and `node_modules` left out, symlinks held to the roots).
 * @example
 * expandGlob("tools/**\/*.yaml", process.cwd()); // ["tools/request-tools.yaml", "tools/more/x.yaml"]
 */
export function expandGlob(pattern: string, base: string, options: ListConfigFilesOptions = {}): string[] {
  return findConfigFiles(globBase(pattern), picomatch.scan(pattern).glob, base, options);
}

/** The folder a pattern's matches are under: what comes before its first segment with a wildcard. */
export function globBase(pattern: string): string {
  return picomatch.scan(pattern).base || (isAbsolute(pattern) ? sep : ".");
}
