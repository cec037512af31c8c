import { flowiseHtmlToText } from "./flowise-html-to-text.js";
import { createFlowiseInputReader } from "./flowise-input-reader.js";
import {
  isUnparsableSchema,
  readBody,
  readHeaders,
  readMaxOutputLength,
  readSchema,
  readText,
} from "./flowise-request-fields.js";
import { FLOWISE_REQUEST_NODES, type FlowiseRequestNodeName } from "./flowise-request-nodes.js";
import type { LoadSink } from "./load-sink.js";
import { DEFAULT_DESCRIPTIONS, DEFAULT_TOOL_NAMES, normaliseFlowiseToolName } from "./request-defaults.js";
import type { RequestToolConfig } from "./request-tool-config.js";

/**
 * Maps the inputs of a Flowise request node (a chatflow node's `data.inputs`, or an Agent node's
 * `agentSelectedToolConfig`) to a request tool, reading the keys Flowise 3.1 reads in the order it reads
 * them. Problems are reported to `sink` at `path` + the input key; returns undefined when any is an error.
 */
export function fromFlowiseRequestInputs(
  node: FlowiseRequestNodeName,
  inputs: Record<string, unknown>,
  path: string,
  sink: LoadSink,
): RequestToolConfig | undefined {
  const keys = FLOWISE_REQUEST_NODES[node];
  const method = keys.method;
  const reader = createFlowiseInputReader(inputs, path, sink);
  const url = readText(reader.pick(keys.url), reader);
  const name = readText(reader.pick(keys.name), reader);
  const description = readText(reader.pick(keys.description), reader);
  const headers = readHeaders(reader.pick(keys.headers), reader);
  const params = "queryParamsSchema" in keys ? reader.pick(keys.queryParamsSchema) : undefined;
  const fields = {
    queryParamsSchema: params === undefined ? undefined : readSchema(params, reader, "params"),
    queryParamsSchemaInvalid: isUnparsableSchema(params) ? (true as const) : undefined,
    body: "body" in keys ? readBody(reader.pick(keys.body), reader) : undefined,
    bodySchema: "bodySchema" in keys ? readSchema(reader.pick(keys.bodySchema), reader, "body") : undefined,
    maxOutputLength: readMaxOutputLength(reader.pick(keys.maxOutputLength), reader),
  };
  const text = url === undefined ? "" : flowiseHtmlToText(url);
  if (text === "" && !reader.failed) {
    reader.warn(
      reader.pathOf(keys.url[1]),
      `no URL: Flowise fails every call with "URL is required for ${method} request"`,
    );
  }
  if (reader.failed || headers === undefined) return undefined;
  return {
    kind: "request",
    method,
    // Flowise falls back to its defaults when a name or description is empty, also after normalising.
    name: normaliseFlowiseToolName(name ?? "") || DEFAULT_TOOL_NAMES[method],
    description: description || DEFAULT_DESCRIPTIONS[method],
    url: text,
    headers,
    ...definedOnly(fields),
  };
}

type DefinedOnly<T> = { [K in keyof T]?: Exclude<T[K], undefined> };

function definedOnly<T extends Record<string, unknown>>(fields: T): DefinedOnly<T> {
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== undefined),
  ) as DefinedOnly<T>;
}
