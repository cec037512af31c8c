import type { ToolConfig } from "../../config/tool-config.js";
import { isDefaultCode } from "./flowise-default-code.js";

/** The default limit of Custom Code: one call, from the start of its sandbox to the answer. */
export const DEFAULT_CUSTOM_CODE_TIMEOUT_MS = 10_000;

/**
 * True when a config carries Custom Code of its own (not Flowise's default) that is not run because
 * code was not allowed: the toolkit then behaves as with Flowise's default code.
 */
export function isCustomCodeSetAside(config: ToolConfig, allowCode: boolean): boolean {
  return config.kind === "openapi-toolkit" && !allowCode && !isDefaultCode(config.customCode);
}

/** What the user is told about a toolkit whose Custom Code was set aside: the lint finding (it names the tool). */
export const CUSTOM_CODE_NOT_RUN =
  "its Custom Code was not run (it runs only with --allow-code, in a sandbox); Flowise's default code is used instead";

/** The same for a CLI note, which must name the toolkit itself. */
export function customCodeNotRunMessage(toolkit: string): string {
  return `${toolkit}: ${CUSTOM_CODE_NOT_RUN}`;
}
