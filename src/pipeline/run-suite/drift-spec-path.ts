import { existsSync } from "node:fs";
import { loadToolConfigs } from "../../config/load-tool-configs.js";
import type { SpecReadOptions } from "../../openapi/spec-read-options.js";

/** The description recorded calls are checked against: the one given (`--spec`), else the one in tools/, if any. */
export function driftSpecPath(
  given: string | undefined,
  read: Required<SpecReadOptions>,
): string | undefined {
  return given ?? (existsSync("tools") ? loadToolConfigs(["tools"], read).specs[0] : undefined);
}
