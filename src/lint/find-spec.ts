import { existsSync } from "node:fs";
import { loadToolConfigs } from "../config/load-tool-configs.js";
import type { OperationIndex } from "../openapi/operation-index.js";
import type { SpecReadOptions } from "../openapi/spec-read-options.js";
import { loadSpecIndex } from "./load-check-inputs.js";

/**
 * The service description `check` compares with: the one given (`--spec`), else the first found among
 * the paths, else the one in tools/ (the embedded event API), loaded and indexed; undefined when there
 * is none (the rules that compare with it are then skipped). `note` hears what was chosen and why.
 * @example
 * const spec = await findSpec(undefined, loadToolConfigs(["tools/"]).specs, {}, console.error);
 */
export async function findSpec(
  given: string | undefined,
  found: readonly string[],
  read: SpecReadOptions,
  note: (message: string) => void = () => {},
): Promise<OperationIndex | undefined> {
  const path =
    given ?? found[0] ?? (existsSync("tools") ? loadToolConfigs(["tools"], read).specs[0] : undefined);
  if (!path) {
    note("no OpenAPI description given (--spec) or found: the rules that compare with it are skipped");
    return undefined;
  }
  if (!given && found.length > 1)
    note(`several OpenAPI descriptions found, using ${path} (choose with --spec)`);
  return loadSpecIndex(path, read);
}
