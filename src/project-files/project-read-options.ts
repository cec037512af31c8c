import { statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import type { SpecReadOptions } from "../openapi/spec-read-options.js";
import { projectRoot } from "./project-root.js";

/**
 * Where a run may read configs, specs and `$ref`s from (docs/security.md): the repository of the
 * working directory, every root given (`--root`), and each config file or folder named (a file's
 * folder); remote `$ref`s only when allowed.
 * @example
 * projectReadOptions({ roots: ["../shared"] }, ["tools/"]); // { roots: [<repo>, <…/shared>, <…/tools>], allowRemoteRefs: false }
 */
export function projectReadOptions(
  given: SpecReadOptions,
  named: readonly string[] = [],
): Required<SpecReadOptions> {
  return {
    roots: [projectRoot(), ...(given.roots ?? []).map((root) => resolve(root)), ...named.map(namedFolder)],
    allowRemoteRefs: given.allowRemoteRefs ?? false,
  };
}

/** A path the user named: a folder as it is, a file by its folder. */
function namedFolder(path: string): string {
  const absolute = resolve(path);
  return statSync(absolute, { throwIfNoEntry: false })?.isDirectory() ? absolute : dirname(absolute);
}
