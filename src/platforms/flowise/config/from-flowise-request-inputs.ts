import type { LoadSink } from "../../../config/load-sink.js";
import {
  DEFAULT_DESCRIPTIONS,
  DEFAULT_TOOL_NAMES,
  normaliseFlowiseToolName,
} from "../../../config/request-defaults.js";
import type { FlowiseVariableScope, RequestToolConfig } from "../../../config/request-tool-config.js";
import { flowiseHtmlToText } from "./flowise-html-to-text.js";
import { createFlowiseInputReader, type PickedInput } from "./flowise-input-reader.js";
import {
  isUnparsableSchema,
  readBody,
  readHeaders,
  readMaxOutputLength,
  readSchema,
  readText,
} from "./flowise-request-fields.js";
import { FLOWISE_REQUEST_NODES, type FlowiseRequestNodeName } from "./flowise-request-nodes.js";

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
  flow?: FlowKind,
): RequestToolConfig | undefined {
  const keys = FLOWISE_REQUEST_NODES[node];
  const method = keys.method;
  const reader = createFlowiseInputReader(inputs, path, sink);
  const picked = { url: reader.pick(keys.url), headers: reader.pick(keys.headers) };
  const bodyInput = "body" in keys ? reader.pick(keys.body) : undefined;
  const flowiseVariables = flow && variableScopeOf(flow, { ...picked, body: bodyInput });
  const fromServer = (field: ResolvedField, input: PickedInput | undefined) =>
    asServerHandsIt(flowiseVariables, field, input);
  const toText = htmlToTextIn(flow);
  const url = readText(fromServer("url", picked.url), reader);
  const name = readText(reader.pick(keys.name), reader);
  const description = readText(reader.pick(keys.description), reader);
  const headers = readHeaders(fromServer("headers", picked.headers), reader, toText);
  const params = "queryParamsSchema" in keys ? reader.pick(keys.queryParamsSchema) : undefined;
  const fields = {
    queryParamsSchema: params === undefined ? undefined : readSchema(params, reader, "params"),
    queryParamsSchemaInvalid: isUnparsableSchema(params) ? (true as const) : undefined,
    body: "body" in keys ? readBody(fromServer("body", bodyInput), reader) : undefined,
    bodySchema:
      "bodySchema" in keys ? readSchema(reader.pick(keys.bodySchema), reader, "body", toText) : undefined,
    maxOutputLength: readMaxOutputLength(reader.pick(keys.maxOutputLength), reader),
    flowiseVariables,
  };
  const text = url === undefined ? "" : toText(url);
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

/** The flow a request node sits in: a chatflow (V1), or an Agentflow V2 Agent node with its accepted inputs. */
export type FlowKind = { flow: "chatflow" } | { flow: "agentflow"; accepted: ReadonlySet<string> };

type ResolvedField = "url" | "headers" | "body";

/**
 * An input as the Flowise server hands it to the node. In an Agentflow V2 Agent node the server converts
 * the inputs it resolves (those the first tool's type names) from HTML to text, Turndown's escaping off,
 * before the node reads them (Flowise 3.1.4, reference section 6): a Body stored as `<p>{"a": 1}</p>`, as Flowise's editor
 * stores it, then parses, and the node's own conversion of a URL or Headers decodes entities a second
 * time (`<p>?a=1&amp;param=2</p>` → `?a=1&param=2` → `?a=1¶m=2`). Other inputs reach the node as stored.
 */
function asServerHandsIt(
  scope: FlowiseVariableScope | undefined,
  field: ResolvedField,
  input: PickedInput | undefined,
): PickedInput | undefined {
  if (scope?.flow !== "agentflow" || !scope.resolved.includes(field) || typeof input?.value !== "string")
    return input;
  return { ...input, value: flowiseHtmlToText(input.value, { escape: false }) };
}

/**
 * The node's own HTML-to-text conversion (URL, Headers, Body Schema): Turndown, whose escaping is off in
 * an Agentflow V2 flow (`Bearer a_b*c` and `/a/*b/[x]` reach the request as typed) and on in a chatflow
 * (`*` → `\*`; Flowise then un-escapes only `\_`, `\[`, `\]`).
 */
function htmlToTextIn(flow: FlowKind | undefined): (text: string) => string {
  const escaping = flow?.flow !== "agentflow";
  return (text) => flowiseHtmlToText(text, { escape: escaping });
}

/** Which of the tool's fields the Flowise server resolves, from the input keys they were read from. */
function variableScopeOf(
  flow: FlowKind,
  picked: Record<"url" | "headers" | "body", PickedInput | undefined>,
): FlowiseVariableScope {
  if (flow.flow === "chatflow") return { flow: "chatflow" };
  const fields = (["url", "headers", "body"] as const).filter((field) => {
    const key = picked[field]?.key;
    return key !== undefined && flow.accepted.has(key);
  });
  return { flow: "agentflow", resolved: fields };
}

type DefinedOnly<T> = { [K in keyof T]?: Exclude<T[K], undefined> };

function definedOnly<T extends Record<string, unknown>>(fields: T): DefinedOnly<T> {
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== undefined),
  ) as DefinedOnly<T>;
}
