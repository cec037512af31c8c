import {
  ClientRequestSchema,
  ErrorCode,
  type JSONRPCErrorResponse,
  type RequestId,
} from "@modelcontextprotocol/sdk/types.js";
import { formatZodIssue } from "../json/format-zod-issue.js";
import { isPlainObject } from "../json/json-value.js";

/** Each request method of the protocol, with the schema its `params` must match. */
const REQUEST_SCHEMAS: ReadonlyMap<string, (typeof ClientRequestSchema.options)[number]> = new Map(
  ClientRequestSchema.options.map((schema) => [schema.shape.method.value, schema]),
);

/**
 * The −32602 answer a request deserves when its `params` is not an object, or does not match what its
 * (known) method takes; undefined for anything else, which goes on to the server. Without it the SDK's
 * stdio transport drops a request whose `params` is a number (the client waits for ever), and a
 * `tools/call` whose `name` is a number fails inside the handler as −32603 (internal error).
 * @example
 * invalidParamsAnswer({ jsonrpc: "2.0", id: 1, method: "tools/list", params: 5 })?.error.code; // -32602
 */
export function invalidParamsAnswer(message: unknown): JSONRPCErrorResponse | undefined {
  if (!isPlainObject(message) || message.jsonrpc !== "2.0" || typeof message.method !== "string")
    return undefined;
  const id = message.id;
  if (typeof id !== "string" && !(typeof id === "number" && Number.isInteger(id))) return undefined;
  if ("params" in message && !isPlainObject(message.params)) {
    return refuse(id, `params of ${message.method} must be an object`);
  }
  const schema = REQUEST_SCHEMAS.get(message.method);
  const checked = schema?.safeParse({ method: message.method, params: message.params });
  const issue = checked?.error?.issues[0];
  if (issue === undefined) return undefined;
  return refuse(
    id,
    `params of ${message.method}: ${formatZodIssue({ ...issue, path: issue.path.slice(1) })}`,
  );
}

function refuse(id: RequestId, message: string): JSONRPCErrorResponse {
  return { jsonrpc: "2.0", id, error: { code: ErrorCode.InvalidParams, message } };
}
