import { stringify as querystringStringify } from "node:querystring";
import JSON5 from "json5";
import type { HttpMethod } from "../../../config/request-tool-config.js";
import { networkFetch } from "../../../net/network-fetch.js";
import { privateHostRefusal } from "../../../runtime/profiles/private-host-refusal.js";
import type { ToolProfile } from "../../../runtime/profiles/tool-profile.js";
import { toFlowiseToolName } from "../../../runtime/tool-name.js";
import { flowiseArguments } from "./flowise-arguments.js";
import { buildFlowiseUrl } from "./flowise-url.js";
import { sendLikeFlowise } from "./send-like-flowise.js";
import { flowiseToolkitTools } from "./toolkit/flowise-toolkit-tools.js";

const BODY_METHODS = new Set<HttpMethod>(["POST", "PUT"]);

/** Flowise 3.1.4's request tools, as its own code was seen to run them (reference/flowise-tools.md). */
export const FLOWISE_PROFILE: ToolProfile = {
  name: "flowise",
  sendsBody: (method) => BODY_METHODS.has(method),
  // GET and DELETE read a Query Params Schema; POST and PUT a Body Schema only.
  carriesParams: (method) => method === "GET" || method === "DELETE",
  dropsOmittedPlaceholders: false,
  sendsInQuery: (spec) => spec.in === "query",
  refusal(config) {
    if (config.method !== "PATCH") return undefined;
    return `${config.name}: Flowise has no PATCH request tool (use the standard profile, an HTTP node or an OpenAPI toolkit)`;
  },
  toolName: toFlowiseToolName,
  deduplicatesNames: false,
  requestArguments: (config) => flowiseArguments(config, BODY_METHODS.has(config.method)),
  variableScope(config, field) {
    // The Flowise server resolves variables before the tool runs, per flow kind (section 6).
    const scope = config.flowiseVariables;
    if (scope?.flow === "agentflow" && !scope.resolved.includes(field)) return undefined;
    return { keepUnknown: true, chatflow: scope?.flow === "chatflow" };
  },
  missingUrl(method) {
    // GET/DELETE check the URL before their try block, POST/PUT inside it (so those are wrapped).
    const message = `URL is required for ${method} request`;
    return BODY_METHODS.has(method) ? `Failed to make ${method} request: ${message}` : message;
  },
  requestUrl(config, url, args) {
    // POST/PUT tools have no path or query parameters, and a Query Params Schema Flowise could not
    // parse drops them all: the URL is used as given.
    if (BODY_METHODS.has(config.method) || config.queryParamsSchemaInvalid) return url;
    return buildFlowiseUrl(url, args.queryParams, config.queryParamsSchema);
  },
  requestBody(config, fixed, llm) {
    // `{...fixed, ...llm}`: the LLM wins, although Flowise's UI says the fixed Body overrides it; and
    // the LLM's body is ignored without a Body Schema.
    if (config.bodySchema === undefined || !llm || Object.keys(llm).length === 0) return fixed;
    return { ...fixed, ...llm };
  },
  // Headers are spread over `{"Content-Type": "application/json"}`: only that exact spelling replaces
  // it, a lower-case `content-type` is sent beside it (`application/json, text/plain` on the wire).
  replacesContentType: (headers) => "Content-Type" in headers,
  send(request, config, options, signal) {
    return sendLikeFlowise(request, {
      fetch: options.fetch ?? networkFetch,
      refusal: privateHostRefusal(FLOWISE_PROFILE, options),
      maxOutputLength: config.maxOutputLength,
      signal,
    });
  },
  typeSeenByLlm: (declared, where) => (where === "param" || declared === "integer" ? "string" : declared),
  defaultTimeoutMs: undefined,
  refusesPrivateHosts: true,
  requiresResponses: false,
  toolkitTools: flowiseToolkitTools,
  httpNode: {
    keepsUnknownVariables: true,
    skipsEmptyHeaders: true,
    // Flowise 3.1.4 reads the json body leniently: unquoted keys, single quotes, trailing commas.
    parseJsonBody: (text) => JSON5.parse(text),
    // The key/value list is serialised whole, so two rows go as `0=&1=` (a Flowise bug, reproduced).
    encodeFormBody: (body) => (typeof body === "object" ? querystringStringify(body as never) : ""),
    timeoutMs: () => undefined,
  },
};
