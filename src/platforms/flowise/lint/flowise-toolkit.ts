import type { OpenApiToolkitConfig } from "../../../config/openapi-toolkit-config.js";
import type { ToolConfig } from "../../../config/tool-config.js";
import type { Finding, LintRule } from "../../../lint/rule.js";
import type { IndexedOperation } from "../../../openapi/operation-index.js";

const TOOL_METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE"]);
/** Parameter schema types Flowise's toolkit turns into tool arguments; the rest are dropped. */
const KEPT_TYPES = new Set(["string", "number", "boolean", undefined]);

/** Rule 10: what Flowise 3.1's OpenAPI toolkit loses of a spec (reference/flowise-tools.md section 2). */
export const flowiseToolkit: LintRule<OpenApiToolkitConfig> = {
  id: "flowise-toolkit",
  severity: "error",
  otherSeverities: ["warning"],
  profiles: ["flowise"],
  explains: ["missed-operation"],
  description:
    "parts of the spec Flowise's OpenAPI toolkit drops: path-item parameters, some types, operations",
  docs:
    "Flowise 3.1's toolkit reads only operation-level parameters, so an `{id}` declared on the path item is " +
    "never asked for and the call goes to `/events/{id}` literally. It also drops integer, array and object " +
    "parameters and header/cookie ones, skips operations without an operationId, and needs a server URL.",
  appliesTo: (config: ToolConfig): config is OpenApiToolkitConfig => config.kind === "openapi-toolkit",
  check({ config }, context) {
    const index = context.toolkitSpecs?.get(config.spec);
    if (!index) return [];
    const findings: Finding[] = [];
    if (!config.selectedServer && !index.spec.document.servers?.[0]?.url) {
      findings.push({
        path: "spec",
        message: `${index.spec.label} has no server URL: Flowise fails with "OpenAPI spec does not contain a server URL"`,
      });
    }
    const selected = new Set(config.selectedEndpoints);
    for (const operation of index.operations.filter((op) => TOOL_METHODS.has(op.method))) {
      if (!operation.operationId) {
        findings.push({
          path: "spec",
          severity: "warning",
          message: `${operation.method} ${operation.path} has no operationId: Flowise makes no tool of it`,
        });
        continue;
      }
      if (selected.size === 0 || selected.has(operation.operationId))
        findings.push(...operationFindings(operation));
    }
    return findings;
  },
};

function operationFindings(operation: IndexedOperation): Finding[] {
  const tool = operation.operationId as string;
  const own = new Set(operation.operationParameters.map((param) => `${param.in}:${param.name}`));
  const findings: Finding[] = [];
  for (const param of operation.parameters.filter((p) => !own.has(`${p.in}:${p.name}`))) {
    findings.push({
      tool,
      path: "spec",
      message: `${param.name} is declared on the path item ${operation.path}: Flowise ignores it${param.in === "path" ? `, so ${tool} calls ${operation.path} literally` : ""}`,
      suggestion: `declare ${param.name} in the parameters of ${operation.method.toLowerCase()} ${operation.path}`,
    });
  }
  for (const param of operation.operationParameters) {
    const type = param.schema?.type;
    const typeName = Array.isArray(type) ? type.join("|") : type;
    const dropped =
      param.in === "header" || param.in === "cookie"
        ? `a ${param.in} parameter`
        : KEPT_TYPES.has(typeName)
          ? undefined
          : `of type ${typeName}`;
    if (dropped) {
      findings.push({
        tool,
        path: "spec",
        severity: "warning",
        message: `${param.name} (${dropped}) is dropped by Flowise: the LLM cannot send it`,
      });
    }
  }
  return findings;
}
