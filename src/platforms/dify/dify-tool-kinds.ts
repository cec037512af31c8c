import { dirname, isAbsolute, join } from "node:path";
import type { z } from "zod";
import type { LoadSink } from "../../config/load-sink.js";
import { reportZodIssues } from "../../config/report-zod-issues.js";
import { ToolDeckError } from "../../errors.js";
import { isDataUrl } from "../../openapi/data-url.js";
import { sanitizeToolName } from "../../runtime/tool-name.js";
import type { ToolKind } from "../platform.js";
import { type DifyApiToolConfig, DifyApiToolConfigSchema } from "./config/dify-api-tool-config.js";
import {
  difyApiCredentialVariables,
  difyHttpCredentialVariables,
} from "./config/dify-credential-variables.js";
import {
  type DifyHttpRequestConfig,
  DifyHttpRequestConfigSchema,
} from "./config/dify-http-request-config.js";
import { difyHttpToBaseUrl } from "./config/dify-http-to-base-url.js";
import { difyApiRequestView } from "./lint/dify-api-request-view.js";
import { difyRequestView } from "./lint/dify-request-view.js";

/** A config of tooldeck's format read by `schema`; undefined, with its issues in `sink`, when invalid. */
function parsed<S extends z.ZodType>(
  schema: S,
  value: Record<string, unknown>,
  path: string,
  sink: LoadSink,
): z.infer<S> | undefined {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  reportZodIssues(result.error, path, sink.error);
  return undefined;
}

/** `kind: dify-http-request`: a Dify HTTP Request node, run as Dify runs it. */
export const DIFY_HTTP_REQUEST_KIND: ToolKind = {
  kind: "dify-http-request",
  fromCanonical: (value, path, sink) => parsed(DifyHttpRequestConfigSchema, value, path, sink),
  callViews: (config) => {
    const view = difyRequestView(config as DifyHttpRequestConfig);
    return view ? [view] : [];
  },
  unseenByModel: true,
  credentialVariables: (config) => difyHttpCredentialVariables(config as DifyHttpRequestConfig),
  async create(config, options) {
    // A config given as an object (createTools) gets the defaults its file would have been read with.
    const parsedConfig = DifyHttpRequestConfigSchema.safeParse(config);
    if (!parsedConfig.success)
      throw new ToolDeckError(
        "load",
        `dify-http-request: ${parsedConfig.error.issues[0]?.message ?? "invalid config"}`,
      );
    // Loaded when a Dify node is made, not with the registry at every start of the CLI.
    const { createDifyHttpTool } = await import("./runtime/http/create-dify-http-tool.js");
    return [createDifyHttpTool(parsedConfig.data, options)];
  },
  toBaseUrl: (config, baseUrl) => difyHttpToBaseUrl(config as DifyHttpRequestConfig, baseUrl),
  // The name tooldeck's agents, MCP and probes call the node by: findings name it alike.
  modelName: (config) => sanitizeToolName((config as DifyHttpRequestConfig).name),
};

/**
 * `kind: dify-api-tool`: a tool of a Dify custom API tool provider, run as Dify runs it (docs/dify.md,
 * "Custom API tools"). A relative `spec` is relative to the config file (a `data:` URL is the document itself), resolved here as an
 * `openapi-toolkit`'s is; the runtime reads it inside the project's roots.
 */
export const DIFY_API_TOOL_KIND: ToolKind = {
  kind: "dify-api-tool",
  fromCanonical(value, path, sink) {
    const config = parsed(DifyApiToolConfigSchema, value, path, sink);
    if (!config || isAbsolute(config.spec) || isDataUrl(config.spec)) return config;
    return { ...config, spec: join(dirname(sink.file), config.spec) };
  },
  modelName: (config) => (config as DifyApiToolConfig).name,
  credentialVariables: (config) => difyApiCredentialVariables(config as DifyApiToolConfig),
  callViews: (config) => {
    const view = difyApiRequestView(config as DifyApiToolConfig);
    return view ? [view] : [];
  },
  async create(config, options) {
    // Loaded when a Dify API tool is made, not with the registry at every start of the CLI.
    const { createDifyApiTool } = await import("./api-tool/create-dify-api-tool.js");
    return [createDifyApiTool(config as DifyApiToolConfig, options)];
  },
};
