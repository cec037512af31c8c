import { isAbsolute, join, sep } from "node:path";
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
  const matcher = toRegExp(segments.slice(segments.findIndex((segment) => isGlob(segment))));
  const files = safeList(prefix, base, options);
  return files.filter((file) => matcher.test(relativeTo(prefix, file)));
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

function toRegExp(segments: readonly string[]): RegExp {
  const parts = segments.map((segment) => (segment === "**" ? "(?:[^/]+/)*" : `${segmentSource(segment)}/`));
  // A trailing `**` stands for every file below.
  if (segments.at(-1) === "**") parts.push("[^/]+/");
  return new RegExp(`^${parts.join("").replace(/\/$/, "")}$`);
}

function segmentSource(segment: string): string {
  let source = "";
  for (let i = 0; i < segment.length; i++) {
    const char = segment[i] as string;
    if (char === "*") source += "[^/]*";
    else if (char === "?") source += "[^/]";
    else if (char === "[") {
      const end = segment.indexOf("]", i + 1);
      if (end === -1) source += "\\[";
      else {
        const body = segment
          .slice(i + 1, end)
          .replace(/^!/, "^")
          .replace(/\\/g, "\\\\");
        source += `[${body}]`;
        i = end;
      }
    } else source += char.replace(/[.+^${}()|\\]/g, "\\$&");
  }
  return source;
}
