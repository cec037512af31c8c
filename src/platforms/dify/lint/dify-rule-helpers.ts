import type { ToolConfig } from "../../../config/tool-config.js";
import type { Profile } from "../../../profile.js";
import type { DifyHttpRequestConfig } from "../config/dify-http-request-config.js";
import type { DifyVariableType } from "../config/dify-variable-types.js";
import { selectorPath } from "../template/dify-template.js";

/** A Dify node runs as Dify runs it under every profile, so its rules judge it under every profile. */
export const DIFY_RULE_PROFILES: readonly Profile[] = ["dify", "standard", "flowise", "n8n"];

/** Whether a config is a Dify HTTP Request node. */
export function isDifyHttpNode(config: ToolConfig): config is DifyHttpRequestConfig {
  return config.kind === "dify-http-request";
}

/**
 * What a variable holds: the type the app's graph declares for it (`DifyVariableType`), else as far as its
 * selector tells: `id` for an identifier Dify generates (a UUID: no newline, no quote), `text` for a text a
 * model or a service produced (an LLM's answer, an HTTP body: a string, JSON text as often as not),
 * `unknown` for a variable of a type neither says.
 */
export type ReferenceType = DifyVariableType | "id" | "text" | "unknown";

/** Dify's system variables of a known type (reference/dify-tools.md fact 25: they live in the pool like node outputs). */
const SYSTEM_TYPES: Readonly<Record<string, ReferenceType>> = {
  query: "string",
  user_id: "string",
  // user_id is whatever the API caller sends as `user`: a string like any other.
  conversation_id: "id",
  app_id: "id",
  workflow_id: "id",
  workflow_run_id: "id",
  dialogue_count: "number",
  files: "file",
};

/**
 * The type of the value a reference renders: the type the graph declares (`declared`, the node's
 * `variableTypes`: Start inputs, Code outputs…), else where its selector says it: Dify's system variables,
 * an LLM's or Agent's `text` and an HTTP node's `body` (strings), an HTTP node's `status_code` (a number).
 */
export function referenceType(
  selector: string,
  declared?: Readonly<Record<string, DifyVariableType>>,
): ReferenceType {
  const type = declared?.[selector];
  if (type) return type;
  const { node, path } = selectorPath(selector);
  const [name = "", ...below] = path;
  if (below.length > 0) return "unknown";
  if (node === "sys") return SYSTEM_TYPES[name] ?? "unknown";
  if (name === "text" || name === "body") return "text";
  if (name === "status_code") return "number";
  return "unknown";
}

/** Whether a selector is an environment variable (`env.base_url`): the app's author sets it, the run does not. */
export function isEnvSelector(selector: string): boolean {
  return selectorPath(selector).node === "env";
}

/** The lines of a `key:value` text (headers, params, fact 11), split at the first `:`, keys and values trimmed. */
export function keyValueLines(text: string): { key: string; value: string }[] {
  return text.split(/\r?\n/).flatMap((line) => {
    if (line.trim() === "") return [];
    const colon = line.indexOf(":");
    const key = (colon < 0 ? line : line.slice(0, colon)).trim();
    const value = colon < 0 ? "" : line.slice(colon + 1).trim();
    return key === "" ? [] : [{ key, value }];
  });
}
