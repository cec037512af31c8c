import { resolve } from "node:path";
import type { SpecReadOptions } from "../openapi/spec-read-options.js";
import { confineNamedPath, namedFolder } from "./named-path.js";
import { projectRoot } from "./project-root.js";

/**
 * Where a run may read configs, specs and `$ref`s from (docs/security.md): the repository of the
 * working directory, every root given (`--root`), and each config file or folder named (a file's
 * folder) as written; remote `$ref`s only when allowed. A named path that leaves the project through a
 * symlink (`tools` → `../../..`) is refused with a `load` error: only `--root` widens the project.
 * @example
 * projectReadOptions({ roots: ["../shared"] }, ["tools/"]); // { roots: [<repo>, <…/shared>, <…/tools>], allowRemoteRefs: false }
 */
export function projectReadOptions(
  given: SpecReadOptions,
  named: readonly string[] = [],
): Required<SpecReadOptions> {
  const project = projectRoots(given.roots);
  for (const path of named) confineNamedPath(path, project);
  return {
    roots: [...project, ...named.map((path) => namedFolder(path))],
    allowRemoteRefs: given.allowRemoteRefs ?? false,
  };
}

/** The project before any path is named: the working directory's repository and every `--root`. */
export function projectRoots(given: readonly string[] = []): string[] {
  return [projectRoot(), ...given.map((root) => resolve(root))];
}
