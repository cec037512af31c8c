import type { ToolConfig } from "../config/tool-config.js";
import { createHttpNode } from "./http-node/http-node.js";
import { createRequestTool } from "./request/request-tool.js";
import type { ToolRuntimeOptions } from "./runtime-options.js";
import { deduplicateNames } from "./tool-name.js";
import type { ExecutableTool } from "./tool-result.js";

/**
 * One config to executable tools: a request tool is one tool, a toolkit is one per operation.
 * Throws a `ToolDeckError` only for a config the profile cannot express.
 */
export function createTool(config: ToolConfig, options: ToolRuntimeOptions = {}): ExecutableTool[] {
  switch (config.kind) {
    case "request":
      return [createRequestTool(config, options)];
    case "http":
      return [createHttpNode(config, options)];
  }
}

/**
 * Every config to executable tools. Under the standard profile names are made unique (`get_2`), since
 * providers reject duplicates; under `flowise` they are kept as Flowise would send them.
 * @example
 * const tools = createTools(configs, { profile: "flowise", fetch: emulator.fetch, vars: { base_url } });
 */
export function createTools(
  configs: readonly ToolConfig[],
  options: ToolRuntimeOptions = {},
): ExecutableTool[] {
  const tools = configs.flatMap((config) => createTool(config, options));
  if ((options.profile ?? "standard") !== "standard") return tools;
  const names = deduplicateNames(tools.map((tool) => tool.name));
  return tools.map((tool, index) => ({ ...tool, name: names[index] ?? tool.name }));
}
