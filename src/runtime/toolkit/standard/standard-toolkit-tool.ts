import type { IndexedOperation } from "../../../openapi/operation-index.js";
import { tooDeepArguments } from "../../argument-depth.js";
import type { ExecutableTool, ToolResult } from "../../tool-result.js";
import { resolveVariables } from "../../variables.js";
import { customCodeResult, customCodeVariables } from "../custom-code-result.js";
import { isDefaultCode } from "../flowise-default-code.js";
import { withoutNulls } from "../remove-nulls.js";
import type { CustomCodeValue } from "../run-custom-code.js";
import { sendRequest } from "../send-request.js";
import type { ToolkitContext } from "../toolkit-context.js";
import type { ArgumentValidator } from "./argument-validator.js";
import { type BuiltRequest, buildStandardRequest, type RequestPlan } from "./build-standard-request.js";
import { standardInputSchema } from "./standard-input-schema.js";

export interface StandardToolSetup {
  name: string;
  /** The server URL template: selectedServer, or the operation's first server with variable defaults. */
  serverUrl: string;
  validate: ArgumentValidator;
}

type Args = Record<string, unknown>;

/**
 * One operation under the standard profile: the whole parameter list, validated arguments, a URL
 * with every placeholder filled, and a non-2xx answer as a failed call whose output carries the
 * status and the server's body: `HTTP 404 Not Found: {"error":"Event not found"}`.
 */
export function createStandardTool(
  operation: IndexedOperation,
  setup: StandardToolSetup,
  context: ToolkitContext,
): ExecutableTool {
  const input = standardInputSchema(operation, context.config.headers);
  return {
    name: setup.name,
    description: operation.description || operation.summary || `${operation.method} ${operation.path}`,
    inputSchema: input.json,
    endpoint: { method: operation.method, url: `${setup.serverUrl}${operation.path}` },
    returnDirect: context.config.returnDirect,
    async invoke(raw, options = {}) {
      const tooDeep = tooDeepArguments(raw);
      if (tooDeep) return failure(`${setup.name}: ${tooDeep}`);
      const args = prepareArgs(raw, context.config.removeNulls);
      const check = await setup.validate(input.json, args);
      if (!check.ok) return failure(`invalid arguments for ${setup.name}: ${check.error}`);
      let request: BuiltRequest;
      try {
        request = buildStandardRequest(planFor(operation, setup, input, context), args);
      } catch (cause) {
        return failure(`${setup.name}: ${(cause as Error).message}`);
      }
      if (context.allowCode && !isDefaultCode(context.config.customCode)) {
        return customCodeResult(
          context,
          stringOutput,
          sandboxVariables(args, request, context),
          options.signal,
        );
      }
      return send(request, context, options.signal);
    },
  };
}

function prepareArgs(raw: unknown, removeNulls: boolean): Args {
  let args: unknown = raw ?? {};
  if (typeof args === "string") {
    try {
      args = JSON.parse(args);
    } catch {
      // Left as text: validation reports that an object was expected.
    }
  }
  args = structuredClone(args);
  return (removeNulls ? withoutNulls(args) : args) as Args;
}

function planFor(
  operation: IndexedOperation,
  setup: StandardToolSetup,
  input: ReturnType<typeof standardInputSchema>,
  context: ToolkitContext,
): RequestPlan {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(context.config.headers))
    headers[name] = resolveOrThrow(value, context.vars);
  const baseUrl = resolveOrThrow(setup.serverUrl, context.vars).replace(/\/+$/, "");
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(baseUrl)) {
    throw new Error(
      `server URL "${baseUrl || "/"}" is not absolute; set selectedServer to the service's URL`,
    );
  }
  return { operation, baseUrl, parameters: input.parameters, bodyMediaType: input.bodyMediaType, headers };
}

function sandboxVariables(
  args: Args,
  request: BuiltRequest,
  context: ToolkitContext,
): Record<string, unknown> {
  const options: Record<string, unknown> = { method: request.method, headers: request.headers };
  if (request.payload ?? request.body) options.body = request.payload ?? request.body;
  return customCodeVariables(args, request.url, options, context);
}

async function send(
  request: BuiltRequest,
  context: ToolkitContext,
  signal?: AbortSignal,
): Promise<ToolResult> {
  const { payload: _payload, ...recorded } = request;
  const sent = await sendRequest(context.fetch, request, { timeoutMs: context.timeoutMs, signal });
  if (!sent.ok) {
    const error = `${request.method} ${request.url} failed: ${sent.error}`;
    return { ok: false, output: error, error, request: recorded };
  }
  const { response } = sent;
  if (response.status >= 200 && response.status < 300)
    return { ok: true, output: response.body, request: recorded, response };
  const error = `HTTP ${response.status} ${response.statusText}: ${response.body}`;
  return { ok: false, output: error, error, request: recorded, response };
}

function failure(error: string): ToolResult {
  return { ok: false, output: error, error };
}

/** `{{$vars.x}}` and `{{current_date_time}}` resolved; an unknown variable fails the call, as in request tools. */
function resolveOrThrow(text: string, vars: Record<string, string>): string {
  const resolved = resolveVariables(text, { vars }, { keepUnknown: false });
  if (!resolved.ok) throw new Error(`unknown variable {{${resolved.unknown}}}`);
  return resolved.text;
}

/** The standard profile takes a string from Custom Code, nothing else. */
function stringOutput({ type, value }: CustomCodeValue): string | undefined {
  return type === "string" && typeof value === "string" ? value : undefined;
}
