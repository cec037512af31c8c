import type { RequestToolConfig } from "../../config/request-tool-config.js";
import type { Profile } from "../../profile.js";
import { toolProfileOf } from "../../runtime/profiles/tool-profile-of.js";
import { carriedPathParams } from "../request-shapes.js";
import type { Finding, LintRule } from "../rule.js";
import { describeOperation, shapesOf } from "../spec-helpers.js";
import { isRequestTool } from "./rule-helpers.js";

const PLACEHOLDER = /^(?::([A-Za-z_][\w-]*)|\{([A-Za-z_][\w-]*)\})$/;

/** Rule 2: the operation needs a path value the tool has no way to send. */
export const pathParamUnsupplied: LintRule<RequestToolConfig> = {
  id: "path-param-unsupplied",
  severity: "error",
  profiles: ["flowise", "standard", "n8n", "dify"],
  judgesCalls: true,
  explains: ["missed-operation", "rejected-request"],
  description: "the matched operation needs a path parameter the tool cannot supply",
  docs:
    "A placeholder with no path param behind it is sent as it is (`/events/:id`), so the service looks up an " +
    "item named `:id`. Flowise's POST and PUT tools carry no params at all. Declare the param with " +
    '`"in": "path"` (under flowise, on a GET or DELETE tool).',
  appliesTo: isRequestTool,
  check({ config }, context) {
    const carried = new Set(carriedPathParams(config, context.profile).map(([name]) => name));
    const findings: Finding[] = [];
    const reported = new Set<string>();
    for (const shape of shapesOf(config, context) ?? []) {
      if (!shape.match.ok) continue;
      for (const [name, value] of Object.entries(shape.match.params)) {
        const placeholder = PLACEHOLDER.exec(value);
        const param = placeholder?.[1] ?? placeholder?.[2];
        if (!param || carried.has(param) || reported.has(param)) continue;
        reported.add(param);
        findings.push({
          path: "url",
          ...explain(config, param, name, describeOperation(shape.match.operation), context.profile),
        });
      }
    }
    return findings;
  },
};

function explain(
  config: RequestToolConfig,
  param: string,
  name: string,
  operation: string,
  profile: Profile,
) {
  const declared = config.queryParamsSchema?.[param]?.in === "path";
  if (declared && !toolProfileOf(profile).carriesParams(config.method)) {
    return {
      message: `${operation} needs ${name}, but Flowise's ${config.method} tools send no params: the URL goes out with its placeholder`,
      suggestion: "use a GET/DELETE request tool, an HTTP node or an OpenAPI toolkit for this operation",
    };
  }
  return {
    message: `${operation} needs ${name}, but the tool has no path param ${param}: the placeholder is sent as it is`,
    suggestion: `add queryParamsSchema.${param} with "in": "path" and "required": true`,
  };
}
