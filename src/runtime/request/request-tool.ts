import type { RequestToolConfig } from "../../config/request-tool-config.js";
import { ToolDeckError } from "../../errors.js";
import { tooDeepArguments } from "../argument-depth.js";
import { withOutboundPolicy } from "../outbound/with-outbound-policy.js";
import type { ToolProfile, VariableField } from "../profiles/tool-profile.js";
import { toolProfileOf } from "../profiles/tool-profile-of.js";
import type { ToolRuntimeOptions } from "../runtime-options.js";
import type { ExecutableTool, ToolRequest, ToolResult } from "../tool-result.js";
import { type DeepResolution, prepareVariablesDeep, unknownVariableHint } from "../variables.js";
import type { RequestToolArguments } from "./tool-arguments.js";

/**
 * Turns a request-tool config into an executable tool under a profile (DESIGN.md, "Profiles").
 * Throws only for a config the profile cannot express (PATCH under `flowise`; see `ToolProfile.refusal`).
 * @example
 * const tool = createRequestTool(config, { profile: "flowise", fetch: events.fetch, vars: { base_url } });
 * const result = await tool.invoke({ queryParams: { id: "1" } });
 */
export function createRequestTool(
  config: RequestToolConfig,
  runtime: ToolRuntimeOptions = {},
): ExecutableTool {
  const options = withOutboundPolicy(runtime);
  const profile = toolProfileOf(options.profile);
  const refusal = profile.refusal(config);
  if (refusal) throw new ToolDeckError("unsupported", refusal);
  const contract = profile.requestArguments(config);
  const fields = prepareFields(config, profile);
  return {
    name: profile.toolName(config.name),
    description: config.description,
    inputSchema: contract.jsonSchema,
    endpoint: { method: config.method, url: config.url },
    coerceArgs: contract.coerce,
    // Not `async`: the send's own promise is handed back, one layer fewer per call (each costs more under
    // LangChain's AsyncLocalStorage); a throw still comes back as a rejection.
    invoke(args, callOptions = {}) {
      try {
        const tooDeep = tooDeepArguments(args);
        if (tooDeep) return Promise.resolve(failure(tooDeep));
        const parsed = contract.parse(args);
        if (!parsed.ok) return Promise.resolve(failure(parsed.error));
        const built = buildRequest(config, parsed.value, profile, fields, options);
        if (!built.ok) return Promise.resolve(failure(built.error, built.notReproduced));
        return profile.send(built.request, config, options, callOptions.signal);
      } catch (error) {
        return Promise.reject(error);
      }
    },
  };
}

/** A call that failed before anything was sent; `notReproduced` when the platform would have sent it. */
function failure(error: string, notReproduced?: string): ToolResult {
  return { ok: false, output: error, error, ...(notReproduced !== undefined ? { notReproduced } : {}) };
}

type FieldResolver = (context: ToolRuntimeOptions) => DeepResolution;

/**
 * The URL, headers and fixed body, each with its variables found once (a config, like the argument
 * schema built from it, is read when the tool is made): a call only looks them up.
 */
function prepareFields(
  config: RequestToolConfig,
  profile: ToolProfile,
): Record<VariableField, FieldResolver> {
  const prepareIn = (field: VariableField, value: unknown): FieldResolver => {
    const scope = profile.variableScope(config, field);
    const unchanged = { ok: true as const, value };
    return scope ? prepareVariablesDeep(value, scope) : () => unchanged;
  };
  return {
    url: prepareIn("url", config.url),
    headers: prepareIn("headers", config.headers),
    body: prepareIn("body", config.body ?? {}),
  };
}

type Built = { ok: true; request: ToolRequest } | { ok: false; error: string; notReproduced?: string };

function buildRequest(
  config: RequestToolConfig,
  args: RequestToolArguments,
  profile: ToolProfile,
  fields: Record<VariableField, FieldResolver>,
  options: ToolRuntimeOptions,
): Built {
  const url = fields.url(options);
  if (!url.ok) return unknownVariable(url.unknown, "url", options);
  const headers = fields.headers(options);
  if (!headers.ok) return unknownVariable(headers.unknown, "headers", options);
  const fixedBody = fields.body(options);
  if (!fixedBody.ok) return unknownVariable(fixedBody.unknown, "body", options);
  const urlText = url.value as string;

  if (urlText === "") return { ok: false, error: profile.missingUrl(config.method) };
  const request: ToolRequest = {
    method: config.method,
    url: profile.requestUrl(config, urlText, args),
    headers: { ...(headers.value as Record<string, string>) },
  };
  if (profile.sendsBody(config.method)) {
    request.body = JSON.stringify(
      profile.requestBody(config, fixedBody.value as Record<string, unknown>, args.body),
    );
    if (!profile.replacesContentType(request.headers)) {
      request.headers = { "Content-Type": "application/json", ...request.headers };
    }
  }
  return { ok: true, request };
}

/**
 * A variable with no value fails the call. A `$vars` one (an API key, a base URL) has its value on the
 * platform, not in the tool: the call is one tooldeck was not given the means to make, said the same for
 * every tool that uses it, so a probe reports the variable once rather than blaming each tool.
 */
function unknownVariable(name: string, where: string, options: ToolRuntimeOptions): Built {
  const hint = unknownVariableHint(name, options);
  return {
    ok: false,
    error: `unknown variable {{${name}}} in ${where}${hint}`,
    ...(name.startsWith("$vars.") ? { notReproduced: `variable {{${name}}} is not set${hint}` } : {}),
  };
}
