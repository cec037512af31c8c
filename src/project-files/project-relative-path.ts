import { isAbsolute, relative, resolve, sep } from "node:path";
import { escapeRegExp } from "../text/escape-reg-exp.js";

/**
 * How a report names a file: relative to the project's root, with `/`, when it is inside the project
 * (`/home/runner/work/app/tools/x.yaml` → `tools/x.yaml`), so a CI artifact shows no runner's home and
 * GitHub places annotations on the repository's file. A file outside the project (named, or under a
 * `--root`) keeps the path it was named by; a name that is no path (`flowise:<chatflow>`, `mcp:…`,
 * `<stdin>`) is kept as it is. `cwd`: the folder relative names were given from.
 * @example
 * projectRelativePath("/repo/tools/x.yaml", "/repo"); // "tools/x.yaml"
 */
export function projectRelativePath(file: string, root: string, cwd: string = process.cwd()): string {
  if (file === "" || (/^[a-z+]+:/i.test(file) && !isAbsolute(file)) || file.startsWith("<")) return file;
  const inProject = relative(resolve(root), resolve(cwd, file));
  if (inProject === "") return ".";
  if (inProject === ".." || inProject.startsWith(`..${sep}`) || isAbsolute(inProject)) return file;
  return inProject.split(sep).join("/");
}

/**
 * A text (a message, a failure line) with the project root's absolute path taken out of the paths it
 * names: `cannot read /repo/tools/x.yaml` → `cannot read tools/x.yaml`.
 */
export function withoutProjectRoot(text: string, root: string): string {
  const prefix = escapeRegExp(resolve(root) + sep);
  // Only where a path starts: `/repo/` inside `/data/repo/x` is another folder.
  return text.replace(new RegExp(`(?<![\\w./~-])${prefix}`, "g"), "");
}
