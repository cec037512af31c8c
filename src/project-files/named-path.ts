import { lstatSync, readlinkSync, realpathSync, statSync } from "node:fs";
import { dirname, isAbsolute, join, resolve, sep } from "node:path";
import { ToolDeckError } from "../errors.js";
import { isInsideRoots, realRoots } from "./project-root.js";

/** A symlink on the way of a path the user named that leads out of the project, as written. */
export interface OutsideLink {
  /** The symlink, as much of the named path as leads to it: `tools`, `config/tools`. */
  link: string;
  /** What the symlink says (`readlink`): `../../..`. */
  target: string;
}

/**
 * The symlink through which a path named on the command line (a config folder, `--vars`, `--config`,
 * `--seed`) leaves the project, if any: a pull request can make `tools` a symlink to `../../..`, and a
 * named folder is a root. Each part of the path is followed as the kernel follows it (`..` after a
 * symlink is the parent of its target); a symlink is followed when it leads inside `project` or down
 * into the folder it sits in (`/tmp` → `/private/tmp` on macOS, `tools` → `config/tools`). A path
 * that does not exist gives undefined: reading it says so.
 */
export function linkOutOfProject(
  path: string,
  project: readonly string[],
  cwd: string = process.cwd(),
): OutsideLink | undefined {
  const roots = realRoots(project);
  const parts = path.split(/[\\/]+/).filter((part) => part !== "" && part !== ".");
  let real = realPathOf(isAbsolute(path) ? sep : cwd);
  let written = isAbsolute(path) ? sep : "";
  for (const part of parts) {
    if (real === undefined) return undefined;
    // Concatenated, not joined: `linked/../secret` is named as the user wrote it.
    written = written === "" || written.endsWith(sep) ? written + part : written + sep + part;
    if (part === "..") {
      real = dirname(real);
      continue;
    }
    const next = join(real, part);
    const link = lstatSync(next, { throwIfNoEntry: false });
    if (!link?.isSymbolicLink()) {
      real = link ? next : undefined;
      continue;
    }
    const target = realPathOf(next);
    if (target !== undefined && !isInsideRoots(target, [...roots, real]))
      return { link: written, target: readlinkSync(next) };
    real = target;
  }
  return undefined;
}

/** `tools is a symlink to ../../.. outside the project; pass --root to widen it`. */
export function outsideLinkMessage({ link, target }: OutsideLink): string {
  return `${link} is a symlink to ${target} outside the project; pass --root to widen it`;
}

/**
 * Refuses a named path that leaves the project through a symlink (see `linkOutOfProject`) with one
 * `load` error naming the symlink; any other named path is the user's to name.
 * @example
 * confineNamedPath("tools/", [projectRoot()]); // throws "tools is a symlink to ../../.. outside the project; …"
 */
export function confineNamedPath(path: string, project: readonly string[], cwd?: string): void {
  const outside = linkOutOfProject(path, project, cwd);
  if (outside) throw new ToolDeckError("load", outsideLinkMessage(outside));
}

/**
 * The folders a file named on the command line may be read from: the project and the file's own
 * folder as written, once the path is known not to leave the project through a symlink.
 */
export function namedFileRoots(path: string, project: readonly string[], cwd?: string): string[] {
  confineNamedPath(path, project, cwd);
  return [...project, dirname(resolve(cwd ?? process.cwd(), path))];
}

/** The root a named path adds: a folder as written, a file by its folder. */
export function namedFolder(path: string, cwd: string = process.cwd()): string {
  const absolute = resolve(cwd, path);
  return statSync(absolute, { throwIfNoEntry: false })?.isDirectory() ? absolute : dirname(absolute);
}

function realPathOf(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}
