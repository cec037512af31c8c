import { lstatSync } from "node:fs";
import { ToolDeckError } from "../errors.js";

/**
 * Refuses, before anything is written, to replace files that exist (a link in their place included):
 * the user may have edited them since tooldeck wrote them, and an edit silently lost is worse than a
 * command that asks. `force` (`--force`) replaces them. Cassettes rewritten by `--update` and a baseline
 * by `--update-baseline` are rewritten by design and do not come here.
 * @example
 * refuseOverwrite(["scenarios/capture.yaml"], { force: values.force });
 */
export function refuseOverwrite(paths: readonly string[], options: { force?: boolean } = {}): void {
  if (options.force) return;
  const existing = paths.find(exists);
  if (existing !== undefined)
    throw new ToolDeckError(
      "usage",
      `${existing} exists: give --force to replace it (tooldeck never overwrites a file you may have edited)`,
    );
}

function exists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}
