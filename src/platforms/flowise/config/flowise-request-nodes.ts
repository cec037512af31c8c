import type { HttpMethod } from "../../../config/request-tool-config.js";

/** A field of a request tool and the Flowise input keys it is read from, first truthy key wins. */
export interface FlowiseRequestNode {
  method: Extract<HttpMethod, "GET" | "POST" | "PUT" | "DELETE">;
  url: readonly string[];
  name: readonly string[];
  description: readonly string[];
  headers: readonly string[];
  queryParamsSchema?: readonly string[];
  body?: readonly string[];
  bodySchema?: readonly string[];
  maxOutputLength: readonly string[];
}

/**
 * Flowise 3.1's four request nodes and their input keys (reference section 1). The legacy keys (`url`,
 * `name`, …) come first because Flowise reads them first; which legacy keys each node reads differs:
 * GET/DELETE have no legacy `maxOutputLength`, POST/PUT no legacy body schema.
 */
export const FLOWISE_REQUEST_NODES = {
  requestsGet: {
    method: "GET",
    url: ["url", "requestsGetUrl"],
    name: ["name", "requestsGetName"],
    description: ["description", "requestsGetDescription"],
    headers: ["headers", "requestsGetHeaders"],
    queryParamsSchema: ["queryParamsSchema", "requestsGetQueryParamsSchema"],
    maxOutputLength: ["requestsGetMaxOutputLength"],
  },
  requestsPost: {
    method: "POST",
    url: ["url", "requestsPostUrl"],
    name: ["name", "requestsPostName"],
    description: ["description", "requestsPostDescription"],
    headers: ["headers", "requestsPostHeaders"],
    body: ["body", "requestPostBody"],
    bodySchema: ["requestsPostBodySchema"],
    maxOutputLength: ["maxOutputLength", "requestsPostMaxOutputLength"],
  },
  requestsPut: {
    method: "PUT",
    url: ["url", "requestsPutUrl"],
    name: ["name", "requestsPutName"],
    description: ["description", "requestsPutDescription"],
    headers: ["headers", "requestsPutHeaders"],
    body: ["body", "requestPutBody"],
    bodySchema: ["requestsPutBodySchema"],
    maxOutputLength: ["maxOutputLength", "requestsPutMaxOutputLength"],
  },
  requestsDelete: {
    method: "DELETE",
    url: ["url", "requestsDeleteUrl"],
    name: ["name", "requestsDeleteName"],
    description: ["description", "requestsDeleteDescription"],
    headers: ["headers", "requestsDeleteHeaders"],
    queryParamsSchema: ["queryParamsSchema", "requestsDeleteQueryParamsSchema"],
    maxOutputLength: ["requestsDeleteMaxOutputLength"],
  },
} as const satisfies Record<string, FlowiseRequestNode>;

/** The name of one of Flowise's four request nodes. */
export type FlowiseRequestNodeName = keyof typeof FLOWISE_REQUEST_NODES;

/** `requestsGet`, `requestsPost`, `requestsPut` or `requestsDelete`. */
export function isFlowiseRequestNodeName(name: unknown): name is FlowiseRequestNodeName {
  return typeof name === "string" && Object.hasOwn(FLOWISE_REQUEST_NODES, name);
}

/**
 * The inputs of a node type that accept `{{…}}` variables, as its current definition names them (URL,
 * Headers and, for POST/PUT, Body; never the legacy keys). In an Agentflow V2 Agent node the Flowise
 * 3.1.4 server resolves these names, taken from the FIRST tool's type, in every tool (reference
 * section 6); a type that is not a request node contributes none.
 */
export function variableInputsOf(nodeType: string): ReadonlySet<string> {
  if (!isFlowiseRequestNodeName(nodeType)) return new Set();
  const keys: FlowiseRequestNode = FLOWISE_REQUEST_NODES[nodeType];
  const fields = [keys.url, keys.headers, ...(keys.body ? [keys.body] : [])];
  return new Set(fields.map((candidates) => candidates.at(-1) as string));
}

const LEGACY_KEYS = new Set([
  "url",
  "name",
  "description",
  "headers",
  "queryParamsSchema",
  "body",
  "maxOutputLength",
]);

const NODE_OF_KEY: ReadonlyMap<string, FlowiseRequestNodeName> = new Map(
  Object.entries(FLOWISE_REQUEST_NODES).flatMap(([node, fields]) =>
    Object.values(fields)
      .filter((keys): keys is readonly string[] => Array.isArray(keys))
      .flat()
      .filter((key) => !LEGACY_KEYS.has(key))
      .map((key) => [key, node as FlowiseRequestNodeName] as const),
  ),
);

/** The node a Flowise-specific input key belongs to (`requestPostBody` → requestsPost); legacy keys have none. */
export function flowiseNodeOfKey(key: string): FlowiseRequestNodeName | undefined {
  return NODE_OF_KEY.get(key);
}
