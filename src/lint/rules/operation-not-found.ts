import type { RequestToolConfig } from "../../config/request-tool-config.js";
import type { OperationNotFound } from "../../openapi/match-operation.js";
import type { IndexedOperation } from "../../openapi/operation-index.js";
import type { Finding, LintRule } from "../rule.js";
import { describeOperation, shapesOf } from "../spec-helpers.js";
import { type SentShape, standardFixFor } from "./operation-fix.js";
import { isRequestTool } from "./rule-helpers.js";

/** Rule 1: the tool's method and URL are not an operation of the service. */
export const operationNotFound: LintRule<RequestToolConfig> = {
  id: "operation-not-found",
  severity: "error",
  otherSeverities: ["warning"],
  profiles: ["flowise", "standard"],
  explains: ["missed-operation"],
  description: "the tool's method and URL are not an operation of the service's OpenAPI description",
  docs:
    "Every call of such a tool misses: the service answers 404 or 405 and the agent cannot do the job. The " +
    "finding names the nearest operation that does (PUT /events → PATCH /events/{id} updateEventDetails) " +
    "and, under the standard profile, carries a fix that rewrites the method, the URL and its path params " +
    "together: the param whose placeholder stood at an operation param's place is renamed to it (`:id` → " +
    "`:todoId`), each is typed as the spec types it, and path params the operation has no place for are removed.",
  appliesTo: isRequestTool,
  check({ config, source }, context) {
    const shapes = shapesOf(config, context) ?? [];
    const full = shapes.find((shape) => shape.full);
    // A Flowise export is changed in Flowise: its fix says what Flowise can do, whatever the profile.
    const fixFor = source.format === "flowise" ? "flowise" : context.profile;
    if (full && !full.match.ok) return [notFound(config, { url: full.url, ...full.match }, fixFor)];
    const minimal = shapes.find((shape) => !shape.full);
    if (!minimal || minimal.match.ok) return [];
    return [
      {
        path: "url",
        severity: "warning",
        message: `without its optional path params the tool calls ${minimal.match.message}`,
        suggestion: "make the path param required, or point the URL at an operation that exists without it",
      },
    ];
  },
};

function notFound(
  config: RequestToolConfig,
  missed: OperationNotFound & SentShape,
  profile: string,
): Finding {
  const [only] = missed.nearest;
  const finding: Finding = { path: "url", message: missed.message };
  if (missed.nearest.length !== 1 || !only) return finding;
  if (profile === "standard") {
    const fix = standardFixFor(config, only, missed);
    finding.suggestion = `call ${describeOperation(only)}: ${fix.description}`;
    finding.fix = fix;
  } else {
    finding.suggestion = flowiseSuggestion(config, only);
  }
  return finding;
}

/**
 * Flowise's request tools are GET/POST/PUT/DELETE, and POST/PUT ones carry no path params: when the
 * operation needs what they cannot send, name what can (an HTTP node, or the toolkit).
 */
function flowiseSuggestion(config: RequestToolConfig, operation: IndexedOperation): string {
  const pathParams = operation.parameters.filter((param) => param.in === "path").map((param) => param.name);
  const target = `${operation.method} ${operation.path}`;
  const canRequestTool =
    operation.method !== "PATCH" &&
    (pathParams.length === 0 || operation.method === "GET" || operation.method === "DELETE");
  if (canRequestTool) return `point ${config.name} at ${target}`;
  const toolkit =
    pathParams.length > 0
      ? `, with ${pathParams.join(", ")} declared on the operation (Flowise ignores path-item parameters)`
      : "";
  return `no Flowise request tool can send ${target}: use an HTTP node (method ${operation.method}) or an OpenAPI toolkit tool for ${operation.operationId ?? target}${toolkit}`;
}
