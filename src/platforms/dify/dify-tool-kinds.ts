import type { z } from "zod";
import type { LoadSink } from "../../config/load-sink.js";
import { reportZodIssues } from "../../config/report-zod-issues.js";
import { ToolDeckError } from "../../errors.js";
import type { ToolKind } from "../platform.js";
import { DifyApiToolConfigSchema } from "./config/dify-api-tool-config.js";
import {
  type DifyHttpRequestConfig,
  DifyHttpRequestConfigSchema,
} from "./config/dify-http-request-config.js";
import { difyToBaseUrl } from "./config/dify-to-base-url.js";
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
  toBaseUrl: (config, baseUrl) => difyToBaseUrl(config as DifyHttpRequestConfig, baseUrl),
  async create() {
    throw new ToolDeckError("unsupported", "dify-http-request: not built yet");
  },
};

/** `kind: dify-api-tool`: a tool of a Dify custom API tool provider, run as Dify runs it. */
export const DIFY_API_TOOL_KIND: ToolKind = {
  kind: "dify-api-tool",
  fromCanonical: (value, path, sink) => parsed(DifyApiToolConfigSchema, value, path, sink),
  async create() {
    throw new ToolDeckError("unsupported", "dify-api-tool: not built yet");
  },
};
