import type { ToolAgent } from "../../config/tool-config.js";
import { defaultWireToolsOf, type ModelTool, type WireToolsOf } from "../../providers/default-wire-tools.js";
import { judgeTools } from "../../providers/rules/judge-tools.js";
import { PROVIDER_PROFILES } from "../../providers/rules/provider-profiles.js";
import type { ProviderId, ProviderViolation, WireTool } from "../../providers/wire-tool.js";
import type { Diagnostic, Fix } from "../diagnostic.js";
import { chooseProviders, DEFAULT_PROVIDERS } from "./choose-providers.js";
import type { RejectedField } from "./provider-fix.js";
import { PROVIDER_REJECTS } from "./provider-rejects-info.js";

/** One tool of an agent as its model is given it, with where findings on it are reported. */
export interface SentTool {
  model: ModelTool;
  /** The finding's tool, node and file, and the tool's own path in its file. */
  at: Pick<Diagnostic, "tool" | "node" | "file" | "path">;
  /** The config path of its name or description in its file, where the config writes them as sent. */
  fieldPath?(field: "name" | "description"): string | undefined;
  /** The fix a refusal of the tool carries (`provider-fix.ts`), if any. */
  fixOf?(violation: ProviderViolation, field: RejectedField): Fix | undefined;
}

/** One agent's tools, in the order its client sends them. */
export interface AgentToJudge {
  agent: ToolAgent;
  tools: readonly SentTool[];
  /** The providers judged when none is chosen and the flow does not say (default every provider's API). */
  fallback?: readonly ProviderId[];
}

/** How an agent is judged: the providers chosen (`--provider`, `providers:`) and the wire seam. */
export interface JudgeAgentOptions {
  providers?: readonly ProviderId[];
  wireToolsOf?: WireToolsOf;
}

/**
 * The refusals of each provider chosen for the agent, as diagnostics on its tools; one refusal several
 * providers word alike (Gemini's and Vertex AI's) is one finding naming them all.
 */
export async function judgeAgent(
  agent: AgentToJudge,
  options: JudgeAgentOptions = {},
): Promise<Diagnostic[]> {
  if (agent.tools.length === 0) return [];
  const choice = chooseProviders(agent.agent, options.providers, agent.fallback ?? DEFAULT_PROVIDERS);
  const wireToolsOf = options.wireToolsOf ?? defaultWireToolsOf;
  const models = agent.tools.map((tool) => tool.model);
  const found = new Map<
    string,
    { diagnostic: Diagnostic; providers: ProviderId[]; rules: string[]; text: string }
  >();
  for (const provider of choice.providers) {
    const wire = await wireToolsOf(provider, models);
    for (const violation of judgeTools(provider, wire)) {
      const diagnostic = toDiagnostic(agent, wire, violation, choice.severity);
      const key = `${diagnostic.file}\u0000${diagnostic.path}\u0000${diagnostic.tool}\u0000${violation.message}\u0000${violation.path}`;
      const same = found.get(key);
      if (same) {
        same.providers.push(provider);
        same.rules.push(violation.rule);
      } else
        found.set(key, {
          diagnostic,
          providers: [provider],
          rules: [violation.rule],
          text: diagnostic.message,
        });
    }
  }
  return [...found.values()].map(({ diagnostic, providers, rules, text }) => ({
    ...diagnostic,
    message: `${providers.join(", ")} [${rules.join(", ")}]: ${text}`,
  }));
}

function toDiagnostic(
  agent: AgentToJudge,
  wire: readonly WireTool[],
  violation: ProviderViolation,
  severity: Diagnostic["severity"],
): Diagnostic {
  const index = violation.tool ?? 0;
  const tool = agent.tools[index] ?? (agent.tools[0] as SentTool);
  const sent = wire[index];
  const field = violation.tool === undefined || !sent ? undefined : fieldOf(violation.path, sent.path);
  const configPath = field ? tool.fieldPath?.(field) : undefined;
  // A refusal of the list (its length) names the agent; one inside a schema says where in the request.
  const where =
    violation.tool === undefined
      ? ` (the tools of ${agent.agent.label})`
      : field
        ? ""
        : ` (at ${violation.path})`;
  const diagnostic: Diagnostic = {
    code: PROVIDER_REJECTS.id,
    severity,
    ...tool.at,
    ...(configPath === undefined ? {} : { path: configPath }),
    message: `${violation.message}${where}`,
  };
  const rejected = field ?? (sent && inSchema(violation, sent) ? "schema" : undefined);
  const fix = rejected && violation.tool !== undefined ? tool.fixOf?.(violation, rejected) : undefined;
  if (fix) diagnostic.fix = fix;
  return diagnostic;
}

/** Whether the violation is inside the tool's parameter schema, as its provider names that. */
function inSchema(violation: ProviderViolation, sent: WireTool): boolean {
  const schema = `${sent.path}.${PROVIDER_PROFILES[violation.provider].request.schemaKey}`;
  return (
    violation.path === schema ||
    violation.path.startsWith(`${schema}.`) ||
    violation.path.startsWith(`${schema}[`)
  );
}

/** `name` or `description` when the violation is at that field of the tool, else undefined. */
function fieldOf(path: string, toolPath: string): "name" | "description" | undefined {
  if (path === `${toolPath}.name`) return "name";
  if (path === `${toolPath}.description`) return "description";
  return undefined;
}
