import type { RequestToolConfig } from "../../config/request-tool-config.js";
import { isInferredSpec } from "../../infer/inferred-spec-marker.js";
import type { OperationNotFound } from "../../openapi/match-operation.js";
import { methodFamily } from "../../openapi/method-family.js";
import type { IndexedOperation, OperationIndex } from "../../openapi/operation-index.js";
import { parseToolUrl } from "../../openapi/tool-url.js";
import { platformOf } from "../../platforms/registry.js";
import type { Profile } from "../../profile.js";
import type { Finding, LintRule } from "../rule.js";
import { describeOperation, shapesOf } from "../spec-helpers.js";
import { type SentShape, standardFixFor } from "./operation-fix.js";
import { isRequestTool } from "./rule-helpers.js";

/** Rule 1: the tool's method and URL are not an operation of the service. */
export const operationNotFound: LintRule<RequestToolConfig> = {
  id: "operation-not-found",
  severity: "error",
  otherSeverities: ["warning"],
  profiles: ["flowise", "standard", "n8n", "dify"],
  judgesCalls: true,
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
    // A platform's export is changed in the platform: its fix says what the platform can do, whatever the profile.
    const fixFor = source.format ?? context.profile;
    if (full && !full.match.ok) {
      const unrecorded = context.spec && unrecordedWrite(config, context.spec, full.match.nearest);
      if (unrecorded) return [{ path: "url", message: full.match.message, suggestion: unrecorded }];
      return [notFound(config, { url: full.url, ...full.match }, fixFor)];
    }
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

/**
 * A write the description inferred from traffic has nothing for, when the nearest it has is not a write
 * of that kind: the recording most likely refused writes (`proxy` does by default), so pointing the tool
 * at a read would be wrong. What to do is record again.
 */
function unrecordedWrite(
  config: RequestToolConfig,
  spec: OperationIndex,
  nearest: readonly IndexedOperation[],
): string | undefined {
  const family = methodFamily(config.method);
  if (!isInferredSpec(spec.spec.document) || family === "read") return undefined;
  if (nearest.some((operation) => methodFamily(operation.method) === family)) return undefined;
  const path = parseToolUrl(config.url).path;
  return `the recorded traffic has no write to ${path}: record with --allow-writes`;
}

function notFound(
  config: RequestToolConfig,
  missed: OperationNotFound & SentShape,
  profile: Profile,
): Finding {
  const [only] = missed.nearest;
  const finding: Finding = { path: "url", message: missed.message };
  if (missed.nearest.length !== 1 || !only) return finding;
  const platform = platformOf(profile);
  if (platform) {
    finding.suggestion = platform.operationHint(config, only);
    if (platform.fixesOperations)
      finding.fix = { ...standardFixFor(config, only, missed), description: finding.suggestion };
    return finding;
  }
  const fix = standardFixFor(config, only, missed);
  finding.suggestion = `call ${describeOperation(only)}: ${fix.description}`;
  finding.fix = fix;
  return finding;
}
