import type { ListedMcpTool } from "../mcp/list-mcp-tools.js";
import type { OperationIndex } from "../openapi/operation-index.js";
import type { Profile } from "../profile.js";
import type { RuleSetting } from "./apply-severities.js";
import { applySeverities } from "./apply-severities.js";
import { compareDiagnostics, type Diagnostic } from "./diagnostic.js";
import { describeFormat, formatRule, isToldFormat, toldFormat } from "./format-told.js";
import { type McpField, mcpFieldsInSpec } from "./mcp-fields-in-spec.js";
import { createNameIndex } from "./name-index.js";
import type { LintRule } from "./rule.js";
import { GENERIC_DESCRIPTIONS, toolDescription } from "./rules/tool-description.js";
import { toolName } from "./rules/tool-name.js";
import { undisclosedFormat } from "./rules/undisclosed-format.js";

/** How `lintMcpTools` judges MCP servers' tools: the profile, a spec, rule severities. */
export interface LintMcpToolsOptions {
  profile?: Profile;
  /** The service's OpenAPI description: undisclosed-format compares each tool's fields with it. */
  spec?: OperationIndex;
  settings?: Record<string, RuleSetting>;
}

type Finding = Pick<Diagnostic, "message"> & Partial<Pick<Diagnostic, "path" | "suggestion" | "severity">>;

/**
 * The checks that apply to any LLM tool, run on the tools MCP servers list: tool-name (a name used twice by
 * one server: each server is an agent of its own; the names providers refuse are provider-rejects'),
 * tool-description (empty or generic) and, with a spec, undisclosed-format
 * (a field whose required format the tool's schema and descriptions never tell). Same codes, severities
 * and settings as the config rules; no fixes (a listed tool is the server's to change). Sorted like
 * `lint`'s diagnostics.
 * @example
 * const diagnostics = lintMcpTools(await listMcpTools(mcpCommandSource("node server.js")), { spec });
 */
export function lintMcpTools(
  tools: readonly ListedMcpTool[],
  options: LintMcpToolsOptions = {},
): Diagnostic[] {
  const profile = options.profile ?? "standard";
  const checks: [LintRule, (tool: ListedMcpTool) => Finding[]][] = [
    [toolName, (tool) => nameFindings(tool, tools)],
    [toolDescription, descriptionFindings],
    [undisclosedFormat, (tool) => (options.spec ? formatFindings(tool, options.spec) : [])],
  ];
  const diagnostics = checks.flatMap(([rule, check]) => {
    const setting = options.settings?.[rule.id];
    if (setting === "off" || !rule.profiles.includes(profile)) return [];
    return tools.flatMap((tool) => check(tool).map((finding) => toDiagnostic(rule, tool, finding)));
  });
  return applySeverities(diagnostics, options.settings).sort(compareDiagnostics);
}

function toDiagnostic(rule: LintRule, tool: ListedMcpTool, finding: Finding): Diagnostic {
  const diagnostic: Diagnostic = {
    code: rule.id,
    severity: finding.severity ?? rule.severity,
    tool: tool.name,
    file: tool.source.file,
    path: [tool.source.path, finding.path].filter(Boolean).join("."),
    message: finding.message,
  };
  if (finding.suggestion) diagnostic.suggestion = finding.suggestion;
  return diagnostic;
}

// One server's tools are one agent's: a name another server or a config also uses is no clash.
const mcpToolsNamed = createNameIndex((tool: ListedMcpTool) => `${tool.source.file}\u0000${tool.name}`);

function nameFindings(tool: ListedMcpTool, tools: readonly ListedMcpTool[]): Finding[] {
  const findings: Finding[] = [];
  const twin = mcpToolsNamed(tools, `${tool.source.file}\u0000${tool.name}`).find((other) => other !== tool);
  if (twin)
    findings.push({
      path: "name",
      message: `name "${tool.name}" is also used by the tool at ${twin.source.path}`,
    });
  return findings;
}

function descriptionFindings(tool: ListedMcpTool): Finding[] {
  const text = (tool.description ?? "").trim();
  if (text === "")
    return [
      { path: "description", message: "the description is empty: the LLM cannot tell when to use this tool" },
    ];
  if (GENERIC_DESCRIPTIONS.has(text))
    return [
      {
        path: "description",
        severity: "info",
        message: "the description is Flowise's generic default: say which resource it reaches",
      },
    ];
  return [];
}

function formatFindings(tool: ListedMcpTool, spec: OperationIndex): Finding[] {
  const seen = new Set<string>();
  return mcpFieldsInSpec(tool, spec).flatMap((field) => {
    const rule = formatRule(field.spec);
    if (!rule || seen.has(field.path) || toldInSchema(field, rule.label)) return [];
    seen.add(field.path);
    const read = [field.name, field.schema.description ?? "", tool.description ?? ""].join(" ");
    if (isToldFormat(rule, read)) return [];
    const description = describeFormat(field.schema.description, field.name, toldFormat(rule, field.spec));
    return [
      {
        path: `${field.path}.description`,
        message: `${field.name} must be ${rule.label} in ${field.operation}, and nothing tells the LLM${rule.guess ? `: a guess like "${rule.guess}" is rejected` : ""}`,
        suggestion: `say it in the tool's input schema: "${description}"`,
      },
    ];
  });
}

/** The tool's own schema already says it: the same format, or a pattern where the service has one. */
function toldInSchema(field: McpField, label: string): boolean {
  const own = formatRule(field.schema);
  if (!own) return false;
  return own.label === label || (field.schema.pattern !== undefined && field.spec.pattern !== undefined);
}
