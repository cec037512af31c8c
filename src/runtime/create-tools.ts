import type { ToolConfig } from "../config/tool-config.js";
import { ToolDeckError } from "../errors.js";
import { platformToolKind } from "../platforms/registry.js";
import { createHttpNode } from "./http-node/http-node.js";
import { toBaseUrl } from "./outbound/to-base-url.js";
import { withOutboundPolicy } from "./outbound/with-outbound-policy.js";
import { toolProfileOf } from "./profiles/tool-profile-of.js";
import { createRequestTool } from "./request/request-tool.js";
import type { ToolRuntimeOptions } from "./runtime-options.js";
import { deduplicateNames } from "./tool-name.js";
import type { ExecutableTool } from "./tool-result.js";
import { createToolkit, type ToolkitOptions } from "./toolkit/create-toolkit.js";

/**
 * One config to executable tools: a request tool is one tool, an OpenAPI toolkit one per operation (its
 * spec is loaded, hence async). Throws a `ToolDeckError` for a config the profile cannot express or a
 * spec that cannot be loaded.
 * @example
 * const [getEvents] = await createTool(config, { fetch: emulator.fetch, vars: emulator.vars });
 */
export async function createTool(
  given: ToolConfig,
  options: ToolRuntimeOptions = {},
): Promise<ExecutableTool[]> {
  const config = options.baseUrl === undefined ? given : toBaseUrl(given, options.baseUrl);
  switch (config.kind) {
    case "request":
      return [createRequestTool(config, options)];
    case "openapi-toolkit":
      return createToolkit(config, toToolkitOptions(options));
    case "http":
      return [createHttpNode(config, options)];
    default:
      return createPlatformTool(config, options);
  }
}

/** A kind a platform adds (`custom-tool`): its platform's executor makes it. */
function createPlatformTool(
  config: { kind: string },
  options: ToolRuntimeOptions,
): Promise<ExecutableTool[]> {
  const toolKind = platformToolKind(config.kind);
  if (!toolKind) throw new ToolDeckError("unsupported", `no platform runs tools of kind "${config.kind}"`);
  return toolKind.create(config, options);
}

/**
 * Every config to executable tools. Under the standard profile names are made unique (`get_2`), since
 * providers reject duplicates; under `flowise` they are kept as Flowise would send them.
 * @example
 * const tools = await createTools(configs, { profile: "flowise", fetch: emulator.fetch, vars: emulator.vars });
 */
export async function createTools(
  configs: readonly ToolConfig[],
  options: ToolRuntimeOptions = {},
): Promise<ExecutableTool[]> {
  const tools = (await Promise.all(configs.map((config) => createTool(config, options)))).flat();
  if (!toolProfileOf(options.profile ?? "standard").deduplicatesNames) return tools;
  const names = deduplicateNames(tools.map((tool) => tool.name));
  return tools.map((tool, index) => ({ ...tool, name: names[index] ?? tool.name }));
}

function toToolkitOptions(runtime: ToolRuntimeOptions): ToolkitOptions {
  const options = withOutboundPolicy(runtime);
  const toolkit: ToolkitOptions = {};
  if (options.profile) toolkit.profile = options.profile;
  toolkit.fetch = options.fetch ?? globalThis.fetch;
  if (options.vars) toolkit.vars = options.vars;
  if (options.flowState) toolkit.flow = { state: options.flowState };
  if (options.timeoutMs !== undefined) toolkit.timeoutMs = options.timeoutMs;
  if (options.allowCode !== undefined) toolkit.allowCode = options.allowCode;
  if (options.onCodeNotRun) toolkit.onCodeNotRun = options.onCodeNotRun;
  if (options.sandbox) toolkit.sandbox = options.sandbox;
  if (options.roots) toolkit.roots = options.roots;
  if (options.allowRemoteRefs) toolkit.allowRemoteRefs = true;
  if (options.resolveHost) toolkit.resolveHost = options.resolveHost;
  if (options.httpSecurityCheck !== undefined) toolkit.httpSecurityCheck = options.httpSecurityCheck;
  if (options.httpDenyList) toolkit.httpDenyList = options.httpDenyList;
  return toolkit;
}
