import type { HttpMethod } from "../../config/request-tool-config.js";
import { hasHeader } from "../http-exchange.js";
import { sendStandard } from "../request/send-standard.js";
import { standardArguments } from "../request/standard-arguments.js";
import { buildStandardUrl } from "../request/standard-url.js";
import { DEFAULT_TIMEOUT_MS } from "../runtime-options.js";
import { sanitizeToolName } from "../tool-name.js";
import { standardToolkitTools } from "../toolkit/standard/standard-toolkit-tools.js";
import type { ToolProfile } from "./tool-profile.js";

const BODY_METHODS = new Set<HttpMethod>(["POST", "PUT", "PATCH"]);

/** What a config means, quirks fixed (DESIGN.md, "Profiles"). */
export const STANDARD_PROFILE: ToolProfile = {
  name: "standard",
  sendsBody: (method) => BODY_METHODS.has(method),
  carriesParams: () => true,
  dropsOmittedPlaceholders: true,
  sendsInQuery: (spec) => spec.in !== "path",
  refusal(config) {
    const elsewhere = Object.entries(config.queryParamsSchema ?? {}).find(
      ([, spec]) => spec.in !== undefined && spec.in !== "path" && spec.in !== "query",
    );
    if (elsewhere)
      return `${config.name}: param ${elsewhere[0]} has "in": "${elsewhere[1].in}"; only path and query are sent (Flowise drops it)`;
    const length = config.maxOutputLength ?? 0;
    if (length < 0)
      return `${config.name}: maxOutputLength must be 0 or more (Flowise reads ${length} as slice(0, ${length}): all but the last ${-length} characters)`;
    return undefined;
  },
  toolName: sanitizeToolName,
  deduplicatesNames: true,
  requestArguments: (config) => standardArguments(config, BODY_METHODS.has(config.method)),
  // Every field resolves, whatever flow the tool came from; an unknown variable is an error.
  variableScope: () => ({ keepUnknown: false }),
  missingUrl: (method) => `URL is required for ${method} request`,
  requestUrl: (config, url, args) => buildStandardUrl(url, args.queryParams, config.queryParamsSchema),
  // The fixed Body wins, as documented.
  requestBody: (_config, fixed, llm) => ({ ...llm, ...fixed }),
  replacesContentType: (headers) => hasHeader(headers, "content-type"),
  send(request, config, options, signal) {
    return sendStandard(request, {
      fetch: options.fetch ?? globalThis.fetch,
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      maxOutputLength: config.maxOutputLength,
      signal,
    });
  },
  typeSeenByLlm: (declared) => declared,
  defaultTimeoutMs: DEFAULT_TIMEOUT_MS,
  refusesPrivateHosts: false,
  requiresResponses: true,
  toolkitTools: standardToolkitTools,
  httpNode: {
    keepsUnknownVariables: false,
    skipsEmptyHeaders: false,
    parseJsonBody: (text) => JSON.parse(text),
    encodeFormBody: (body) =>
      new URLSearchParams((Array.isArray(body) ? body : []).map((row) => [row.key, row.value])).toString(),
    timeoutMs: (requested) => requested ?? DEFAULT_TIMEOUT_MS,
  },
};
