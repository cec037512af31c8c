import type { RequestToolConfig } from "../../config/request-tool-config.js";
import { ToolDeckError } from "../../errors.js";
import type { Profile } from "../../profile.js";
import { hasHeader } from "../http-exchange.js";
import { withOutboundPolicy } from "../outbound/with-outbound-policy.js";
import { DEFAULT_TIMEOUT_MS, type ToolRuntimeOptions } from "../runtime-options.js";
import { sanitizeToolName, toFlowiseToolName } from "../tool-name.js";
import type { ExecutableTool, ToolRequest, ToolResult } from "../tool-result.js";
import { resolveVariables, resolveVariablesDeep, unknownVariableHint } from "../variables.js";
import { flowiseArguments } from "./flowise-arguments.js";
import { buildFlowiseUrl } from "./flowise-url.js";
import { sendLikeFlowise } from "./send-like-flowise.js";
import { sendStandard } from "./send-standard.js";
import { standardArguments } from "./standard-arguments.js";
import { buildStandardUrl } from "./standard-url.js";
import type { RequestToolArguments } from "./tool-arguments.js";

/** Flowise's request tools send a JSON body only for POST and PUT; standard adds PATCH. */
const BODY_METHODS: Record<Profile, ReadonlySet<string>> = {
  flowise: new Set(["POST", "PUT"]),
  standard: new Set(["POST", "PUT", "PATCH"]),
};

/**
 * Turns a request-tool config into an executable tool under a profile (DESIGN.md, "Profiles").
 * Throws only for a config the profile cannot express (PATCH under `flowise`).
 * @example
 * const tool = createRequestTool(config, { profile: "flowise", fetch: events.fetch, vars: { base_url } });
 * const result = await tool.invoke({ queryParams: { id: "1" } });
 */
export function createRequestTool(
  config: RequestToolConfig,
  runtime: ToolRuntimeOptions = {},
): ExecutableTool {
  const options = withOutboundPolicy(runtime);
  const profile = options.profile ?? "standard";
  if (profile === "flowise" && config.method === "PATCH") {
    throw new ToolDeckError(
      "unsupported",
      `${config.name}: Flowise has no PATCH request tool (use the standard profile, an HTTP node or an OpenAPI toolkit)`,
    );
  }
  const elsewhere = Object.entries(config.queryParamsSchema ?? {}).find(
    ([, spec]) => spec.in !== undefined && spec.in !== "path" && spec.in !== "query",
  );
  if (profile === "standard" && elsewhere) {
    throw new ToolDeckError(
      "unsupported",
      `${config.name}: param ${elsewhere[0]} has "in": "${elsewhere[1].in}"; only path and query are sent (Flowise drops it)`,
    );
  }
  if (profile === "standard" && (config.maxOutputLength ?? 0) < 0) {
    throw new ToolDeckError(
      "unsupported",
      `${config.name}: maxOutputLength must be 0 or more (Flowise reads ${config.maxOutputLength} as slice(0, ${config.maxOutputLength}): all but the last ${-(config.maxOutputLength ?? 0)} characters)`,
    );
  }
  const contract = profile === "flowise" ? flowiseArguments(config) : standardArguments(config);
  return {
    name: profile === "flowise" ? toFlowiseToolName(config.name) : sanitizeToolName(config.name),
    description: config.description,
    inputSchema: contract.jsonSchema,
    endpoint: { method: config.method, url: config.url },
    coerceArgs: contract.coerce,
    async invoke(args, callOptions = {}) {
      const parsed = contract.parse(args);
      if (!parsed.ok) return { ok: false, output: parsed.error, error: parsed.error };
      const built = buildRequest(config, parsed.value, profile, options);
      if (!built.ok) return { ok: false, output: built.error, error: built.error };
      return send(built.request, config, profile, options, callOptions.signal);
    },
  };
}

type Built = { ok: true; request: ToolRequest } | { ok: false; error: string };

function buildRequest(
  config: RequestToolConfig,
  args: RequestToolArguments,
  profile: Profile,
  options: ToolRuntimeOptions,
): Built {
  const keepUnknown = profile === "flowise";
  const unknownVariable = (name: string, where: string): Built => ({
    ok: false,
    error: `unknown variable {{${name}}} in ${where}${unknownVariableHint(name, options)}`,
  });
  const url = resolveVariables(config.url, options, { keepUnknown });
  if (!url.ok) return unknownVariable(url.unknown, "url");
  const headers = resolveVariablesDeep(config.headers, options, { keepUnknown });
  if (!headers.ok) return unknownVariable(headers.unknown, "headers");
  const fixedBody = resolveVariablesDeep(config.body ?? {}, options, { keepUnknown });
  if (!fixedBody.ok) return unknownVariable(fixedBody.unknown, "body");

  const sendsBody = BODY_METHODS[profile].has(config.method);
  if (url.text === "") return { ok: false, error: missingUrl(config.method, sendsBody) };
  const request: ToolRequest = {
    method: config.method,
    url: requestUrl(config, url.text, args, profile, sendsBody),
    headers: { ...(headers.value as Record<string, string>) },
  };
  if (sendsBody) {
    request.body = JSON.stringify(
      requestBody(config, fixedBody.value as Record<string, unknown>, args.body, profile),
    );
    if (!setsContentType(request.headers, profile)) {
      request.headers = { "Content-Type": "application/json", ...request.headers };
    }
  }
  return { ok: true, request };
}

/**
 * Whether the configured headers replace the JSON default. Flowise spreads them over
 * `{"Content-Type": "application/json"}`, so only that exact spelling replaces it: a lower-case
 * `content-type` is sent beside it (`content-type: application/json, text/plain` on the wire).
 */
function setsContentType(headers: Record<string, string>, profile: Profile): boolean {
  return profile === "flowise" ? "Content-Type" in headers : hasHeader(headers, "content-type");
}

/** Flowise checks GET/DELETE URLs before its try block and POST/PUT ones inside it (so those are wrapped). */
function missingUrl(method: string, sendsBody: boolean): string {
  const message = `URL is required for ${method} request`;
  return sendsBody ? `Failed to make ${method} request: ${message}` : message;
}

function requestUrl(
  config: RequestToolConfig,
  url: string,
  args: RequestToolArguments,
  profile: Profile,
  sendsBody: boolean,
): string {
  if (profile === "standard") return buildStandardUrl(url, args.queryParams, config.queryParamsSchema);
  // Flowise's POST/PUT tools have no path or query parameters, and a Query Params Schema it could not
  // parse drops them all: the URL is used as given.
  if (sendsBody || config.queryParamsSchemaInvalid) return url;
  return buildFlowiseUrl(url, args.queryParams, config.queryParamsSchema);
}

/**
 * Flowise: `{...fixed, ...llm}` (the LLM wins, although Flowise's UI says the fixed Body overrides it),
 * and the LLM's body is ignored without a Body Schema. Standard: the fixed Body wins, as documented.
 */
function requestBody(
  config: RequestToolConfig,
  fixed: Record<string, unknown>,
  llm: Record<string, unknown> | undefined,
  profile: Profile,
): Record<string, unknown> {
  if (profile === "standard") return { ...llm, ...fixed };
  if (config.bodySchema === undefined || !llm || Object.keys(llm).length === 0) return fixed;
  return { ...fixed, ...llm };
}

function send(
  request: ToolRequest,
  config: RequestToolConfig,
  profile: Profile,
  options: ToolRuntimeOptions,
  signal: AbortSignal | undefined,
): Promise<ToolResult> {
  const fetch = options.fetch ?? globalThis.fetch;
  if (profile === "flowise") {
    return sendLikeFlowise(request, {
      fetch,
      httpSecurityCheck: options.httpSecurityCheck ?? true,
      ...(options.resolveHost ? { resolveHost: options.resolveHost } : {}),
      maxOutputLength: config.maxOutputLength,
      signal,
    });
  }
  return sendStandard(request, {
    fetch,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxOutputLength: config.maxOutputLength,
    signal,
  });
}
