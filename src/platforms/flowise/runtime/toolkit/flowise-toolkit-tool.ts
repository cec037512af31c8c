import type { IndexedOperation } from "../../../../openapi/operation-index.js";
import { tooDeepArguments } from "../../../../runtime/argument-depth.js";
import type { ExecutableTool, ToolRequest, ToolResult } from "../../../../runtime/tool-result.js";
import { customCodeResult, customCodeVariables } from "../../../../runtime/toolkit/custom-code-result.js";
import { isDefaultCode } from "../../../../runtime/toolkit/flowise-default-code.js";
import { flowiseRemoveNulls } from "../../../../runtime/toolkit/remove-nulls.js";
import type { CustomCodeValue } from "../../../../runtime/toolkit/run-custom-code.js";
import { sendRequest } from "../../../../runtime/toolkit/send-request.js";
import type { ToolkitContext } from "../../../../runtime/toolkit/toolkit-context.js";
import { parseFlowiseArgs } from "../parse-flowise-args.js";
import { flowiseInputTree } from "./flowise-input-tree.js";
import { toFlowiseJsonSchema } from "./flowise-json-schema.js";
import { toFlowiseZod } from "./flowise-zod-schema.js";

type Args = Record<string, unknown>;

/**
 * One operation as Flowise 3.1's OpenAPI toolkit runs it (reference/flowise-tools.md section 2):
 * name = operationId, URL = base URL + path with the first `{name}` of each PathParameter replaced and
 * `?` + QueryParameters always appended, a JSON body for every method but GET, and by default the
 * JSON body of any status as output ("" when the answer is not JSON or nothing answered). The JSON
 * Schema is written at build; the zod schema it stands for is only built when the tool first runs.
 */
export function createFlowiseTool(
  operation: IndexedOperation,
  baseUrl: string,
  context: ToolkitContext,
): ExecutableTool {
  const tree = flowiseInputTree(operation);
  let zod: ReturnType<typeof toFlowiseZod> | undefined;
  const method = operation.method.toLowerCase();
  const endpoint = `${baseUrl}${operation.path}`;
  const name = operation.operationId as string;
  return {
    name,
    description: operation.description || operation.summary || name,
    inputSchema: toFlowiseJsonSchema(tree),
    endpoint: { method: operation.method, url: endpoint },
    returnDirect: context.config.returnDirect,
    async invoke(input, options = {}) {
      const tooDeep = tooDeepArguments(input);
      if (tooDeep) return { ok: false, output: tooDeep, error: tooDeep };
      zod ??= toFlowiseZod(tree);
      const parsed = parseFlowiseArgs(zod, input);
      if (!parsed.ok) return { ok: false, output: parsed.error, error: parsed.error };
      const args = parsed.value;
      const processed = context.config.removeNulls ? flowiseRemoveNulls(args) : { ...args };
      const request = flowiseRequest(method, endpoint, context.config.headers, args);
      if (context.allowCode && !isDefaultCode(context.config.customCode)) {
        return customCodeResult(
          context,
          flowiseOutput,
          sandboxVariables(processed, request, method, context),
          options.signal,
        );
      }
      return runDefaultCode(request, context, options.signal);
    },
  };
}

/**
 * Flowise's getUrl: first occurrence only, no check that the placeholder exists; `?` is always
 * appended, so an operation without query parameters is called as `/items?` (Flowise 3.1.4, run).
 */
export function flowiseUrl(endpoint: string, args: Args): string {
  let url = endpoint;
  const path = args.PathParameters;
  if (path && typeof path === "object") {
    for (const [key, value] of Object.entries(path))
      url = url.replace(`{${key}}`, encodeURIComponent(String(value)));
  }
  const query = args.QueryParameters;
  const search = new URLSearchParams((query ?? {}) as Record<string, string>);
  return `${url}?${search.toString()}`;
}

function flowiseRequest(
  method: string,
  endpoint: string,
  headers: Record<string, string>,
  args: Args,
): ToolRequest {
  const request: ToolRequest = {
    method: method.toUpperCase(),
    url: flowiseUrl(endpoint, args),
    headers: { "Content-Type": "application/json", ...headers },
  };
  if (args.RequestBody && method !== "get") request.body = JSON.stringify(args.RequestBody);
  return request;
}

function sandboxVariables(processed: Args, request: ToolRequest, method: string, context: ToolkitContext) {
  // Flowise hands the lower-case method of the spec to the code; node-fetch upper-cases it when sending.
  const options: Record<string, unknown> = { method, headers: request.headers };
  if (request.body !== undefined) options.body = request.body;
  return customCodeVariables(processed, request.url, options, context);
}

async function runDefaultCode(
  request: ToolRequest,
  context: ToolkitContext,
  signal?: AbortSignal,
): Promise<ToolResult> {
  // The default code's fetch throws on a refused host, and its catch returns "": nothing is sent.
  const refusal = await context.refusal(request.url);
  if (refusal)
    return { ok: true, output: "", error: `${refusal} (Flowise's default code returns "")`, request };
  const sent = await sendRequest(context.fetch, request, { timeoutMs: context.timeoutMs, signal });
  if (!sent.ok) return { ok: true, output: "", request };
  try {
    return {
      ok: true,
      output: JSON.stringify(JSON.parse(sent.response.body)),
      request,
      response: sent.response,
    };
  } catch {
    return { ok: true, output: "", request, response: sent.response };
  }
}

/** Flowise returns a string as it is and stringifies any other value but null and undefined. */
function flowiseOutput({ type, value }: CustomCodeValue): string | undefined {
  if (type === "string" && typeof value === "string") return value;
  return value === undefined || value === null ? undefined : JSON.stringify(value);
}
