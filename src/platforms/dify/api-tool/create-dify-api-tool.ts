import { isPlainObject } from "../../../json/json-value.js";
import { OutboundRefusedError } from "../../../runtime/outbound/outbound-policy.js";
import { withOutboundPolicy } from "../../../runtime/outbound/with-outbound-policy.js";
import type { ToolRuntimeOptions } from "../../../runtime/runtime-options.js";
import type { ExecutableTool, ToolResult } from "../../../runtime/tool-result.js";
import { resolveVariables } from "../../../runtime/variables.js";
import {
  type DifyApiCredentials,
  DifyApiCredentialsSchema,
  type DifyApiToolConfig,
} from "../config/dify-api-tool-config.js";
import { difyAgentLoop } from "../runtime/dify-agent-loop.js";
import type { DifyApiBundle } from "./api-tool-bundle.js";
import { answerResult, failure, notReproduced, type ResultSetting } from "./api-tool-result.js";
import { difyModelTool } from "./api-tool-schema.js";
import { buildApiRequest, DifyNotReproducible } from "./build-api-request.js";
import { castArguments, DifyToolError } from "./cast-arguments.js";
import { fixedValues } from "./fixed-values.js";
import { type LoadedApiTool, loadApiTool } from "./load-api-bundles.js";
import { DIFY_API_TOOL_TIMEOUT_MS, sendApiRequest } from "./send-api-request.js";

/** The methods Dify's API tool sends (fact 70); the parser also makes tools of options and trace. */
const SENT_METHODS = new Set(["get", "head", "post", "put", "delete", "patch"]);

/**
 * A Dify custom API tool (`kind: dify-api-tool`) as an executable tool, Dify's semantics under any
 * profile (docs/dify.md, "Custom API tools"): the name, description and schema the model is given
 * (facts 77, 79–80), the fixed values merged under the model's (fact 84), every argument cast (62), the
 * request built (63–69) and sent through the runtime's fetch behind its outbound guard (70), and the
 * answer given on as Dify gives it (71–74, 86–87).
 * @example
 * const tool = createDifyApiTool(config, { fetch: emulator.fetch });
 * (await tool.invoke({ id: "42" })).output; // 'tool response: {"id": "42"}.{"id":"42"}'
 */
export function createDifyApiTool(
  config: DifyApiToolConfig,
  runtime: ToolRuntimeOptions = {},
  loaded: LoadedApiTool = loadApiTool(config, runtime.roots),
): ExecutableTool {
  const options = withOutboundPolicy(runtime);
  const { document } = loaded;
  const bundle = runtime.baseUrl === undefined ? loaded.bundle : aimedAt(loaded.bundle, runtime.baseUrl);
  const model = difyModelTool(bundle, config);
  const setting: ResultSetting = { underAgent: config.agent !== undefined };
  return {
    name: model.name,
    description: model.description,
    inputSchema: model.inputSchema,
    endpoint: { method: bundle.method.toUpperCase(), url: bundle.url },
    // The strategy hands the model's arguments on unchecked: only the cast below judges them (fact 83).
    acceptsAnyArguments: true,
    ...(config.agent ? { agentLoop: difyAgentLoop(config.agent) } : {}),
    async invoke(given, callOptions = {}) {
      const fixed = fixedValues(config, options.vars ?? {});
      if (!fixed.ok)
        return notReproduced(
          `the value of {{#${fixed.missing}#}} is not known (set it with --var ${fixed.missing}=…)`,
        );
      const credentials = credentialsFor(config, options.vars ?? {});
      if (!credentials.ok) return notReproduced(credentials.reason);
      if (!SENT_METHODS.has(bundle.method))
        return failure(`Invalid http method ${bundle.method.toUpperCase()}`, setting);
      let request: ReturnType<typeof buildApiRequest>;
      try {
        // The strategy merges `{**fixed, **model}` (fact 84), then the tool casts every argument (fact 62).
        const merged = { ...fixed.values, ...(isPlainObject(given) ? given : {}) };
        request = buildApiRequest(
          bundle,
          document,
          credentials.value,
          castArguments(bundle.parameters, merged),
        );
      } catch (error) {
        if (error instanceof DifyToolError) return failure(error.message, setting);
        if (error instanceof DifyNotReproducible) return notReproduced(error.message);
        throw error;
      }
      const timeoutMs = options.timeoutMs ?? DIFY_API_TOOL_TIMEOUT_MS;
      const exchange = await sendApiRequest(options.fetch, request, timeoutMs, callOptions.signal);
      if (exchange.ok) {
        if (exchange.disposition?.toLowerCase().includes("attachment") && exchange.response.body !== "")
          return notReproduced(
            "the answer is an attachment, which Dify gives as a file (blob): not modelled",
            exchange.request,
            exchange.response,
          );
        return answerResult(exchange.request, exchange.response, setting);
      }
      if ("retried" in exchange)
        return failure(exchange.message, setting, exchange.request, exchange.retried);
      return sendFailure(exchange.error, exchange.request, setting);
    },
  };
}

/** `scheme://authority` at the start of a URL. */
const ORIGIN = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;

/** The tool sent to `--base-url`: the origin of `servers[0].url` replaced, its path kept (as a request tool's). */
function aimedAt(bundle: DifyApiBundle, baseUrl: string): DifyApiBundle {
  return { ...bundle, url: bundle.url.replace(ORIGIN, baseUrl.replace(/\/+$/, "")) };
}

/** A failure to send: the guard's refusal said as tooldeck's; a network error is httpx's, whose text is not modelled. */
function sendFailure(error: unknown, request: ToolResult["request"], setting: ResultSetting): ToolResult {
  if (error instanceof OutboundRefusedError)
    return {
      ok: false,
      output: `not sent: ${error.message}`,
      error: error.message,
      ...(request ? { request } : {}),
    };
  const cause = (error as { cause?: unknown })?.cause;
  const text =
    cause instanceof Error ? cause.message : error instanceof Error ? error.message : String(error);
  return {
    ...failure(text, setting, request),
    notReproduced: `httpx's error text for a failed send is not modelled (tooldeck's: ${text})`,
  };
}

const CREDENTIAL_KEYS = [
  "api_key_header",
  "api_key_value",
  "api_key_header_prefix",
  "api_key_query_param",
] as const;

/**
 * The provider's credentials: the config's, or, when `--var`/`--secret` set `<provider>.auth_type`, those
 * variables (`<provider>.api_key_value`, `<provider>.api_key_header`, `<provider>.api_key_header_prefix`,
 * `<provider>.api_key_query_param`): a tool linked from a DSL has no credentials of its own (fact 6).
 */
export function credentialsOf(
  config: DifyApiToolConfig,
  vars: Readonly<Record<string, string>>,
): DifyApiCredentials {
  const authType = vars[`${config.provider}.auth_type`];
  if (authType === undefined || !Object.hasOwn(vars, `${config.provider}.auth_type`))
    return config.credentials;
  const parsed = DifyApiCredentialsSchema.safeParse({
    auth_type: authType,
    ...Object.fromEntries(
      CREDENTIAL_KEYS.flatMap((key) => {
        const name = `${config.provider}.${key}`;
        return Object.hasOwn(vars, name) ? [[key, vars[name]]] : [];
      }),
    ),
  });
  if (parsed.success) return parsed.data;
  throw new DifyNotReproducible(
    `--var ${config.provider}.auth_type (or another ${config.provider}.* credential) is not one Dify takes: ${parsed.error.issues[0]?.message ?? "invalid"}`,
  );
}

type Credentials = { ok: true; value: DifyApiCredentials } | { ok: false; reason: string };

/** The provider's credentials with their variables filled, or why they cannot be (nothing is sent). */
function credentialsFor(config: DifyApiToolConfig, vars: Record<string, string>): Credentials {
  try {
    const resolved = resolvedCredentials(credentialsOf(config, vars), vars);
    if (resolved.ok) return resolved;
    const name = resolved.unknown.replace(/^\$vars\./, "");
    return {
      ok: false,
      reason: `credential variable ${resolved.unknown} is not set (set it with --secret ${name}=…)`,
    };
  } catch (error) {
    if (error instanceof DifyNotReproducible) return { ok: false, reason: error.message };
    throw error;
  }
}

function resolvedCredentials(
  credentials: DifyApiCredentials,
  vars: Record<string, string>,
): { ok: true; value: DifyApiCredentials } | { ok: false; unknown: string } {
  const value: DifyApiCredentials = { ...credentials };
  for (const key of ["api_key_value", "api_key_header", "api_key_query_param"] as const) {
    const text = credentials[key];
    if (text === undefined) continue;
    const resolved = resolveVariables(text, { vars }, { keepUnknown: false });
    if (!resolved.ok) return { ok: false, unknown: resolved.unknown };
    value[key] = resolved.text;
  }
  return { ok: true, value };
}
