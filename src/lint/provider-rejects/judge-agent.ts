import {
  defaultWireToolsOf,
  toWireForm,
  type WireForm,
  type WireToolsOf,
} from "../../providers/default-wire-tools.js";
import { judgeTools } from "../../providers/rules/judge-tools.js";
import { PROVIDER_PROFILES } from "../../providers/rules/provider-profiles.js";
import type { ProviderId, ProviderViolation, WireTool } from "../../providers/wire-tool.js";
import type { Diagnostic } from "../diagnostic.js";
import type { AgentToJudge, SentTool } from "./agent-to-judge.js";
import { chooseProviders, DEFAULT_PROVIDERS } from "./choose-providers.js";
import { clientFindings } from "./client-findings.js";
import { PROVIDER_REJECTS } from "./provider-rejects-info.js";

/** How an agent is judged: the providers chosen (`--provider`, `providers:`) and the wire seam. */
export interface JudgeAgentOptions {
  providers?: readonly ProviderId[];
  wireToolsOf?: WireToolsOf;
}

/** A finding before the providers that share it are named: its diagnostic, and its key among the agent's. */
interface Found {
  diagnostic: Diagnostic;
  providers: ProviderId[];
  rules: string[];
  text: string;
}

/**
 * The refusals of each provider chosen for the agent, as diagnostics on its tools; one refusal several
 * providers word alike (Gemini's and Vertex AI's) is one finding naming them all. A wire form that is not
 * the given tools one for one (a captured request) is read through its `given` indexes: a refusal of a
 * sent tool is reported on the tool it is sent for, a tool the client leaves out and a client's refusal
 * to send the list are findings of their own.
 */
export async function judgeAgent(
  agent: AgentToJudge,
  options: JudgeAgentOptions = {},
): Promise<Diagnostic[]> {
  if (agent.tools.length === 0) return [];
  const choice = chooseProviders(agent.agent, options.providers, agent.fallback ?? DEFAULT_PROVIDERS);
  const wireToolsOf = options.wireToolsOf ?? defaultWireToolsOf;
  const models = agent.tools.map((tool) => tool.model);
  const found = new Map<string, Found>();
  const add = (provider: ProviderId, rule: string, diagnostic: Diagnostic, at: string) => {
    const key = `${diagnostic.file}\u0000${diagnostic.path}\u0000${diagnostic.tool}\u0000${diagnostic.message}\u0000${at}`;
    const same = found.get(key);
    if (same) {
      same.providers.push(provider);
      same.rules.push(rule);
    } else found.set(key, { diagnostic, providers: [provider], rules: [rule], text: diagnostic.message });
  };
  for (const provider of choice.providers) {
    const form = toWireForm(await wireToolsOf(provider, models));
    for (const violation of judgeTools(provider, form.tools)) {
      const diagnostic = toDiagnostic(agent, form, violation, choice.severity);
      add(provider, violation.rule, diagnostic, violation.path);
    }
    for (const { rule, diagnostic } of clientFindings(agent, provider, form, choice.severity))
      add(provider, rule, diagnostic, "");
  }
  return [...found.values()].map(({ diagnostic, providers, rules, text }) => ({
    ...diagnostic,
    message: `${providers.join(", ")} [${rules.join(", ")}]: ${text}`,
  }));
}

function toDiagnostic(
  agent: AgentToJudge,
  form: WireForm,
  violation: ProviderViolation,
  severity: Diagnostic["severity"],
): Diagnostic {
  const sent = violation.tool === undefined ? undefined : form.tools[violation.tool];
  const owner =
    violation.tool === undefined ? undefined : form.given ? form.given[violation.tool] : violation.tool;
  const tool = agent.tools[owner ?? 0] ?? (agent.tools[0] as SentTool);
  // A sent tool that answers to none of the given (a client renamed it): no field of a config is it.
  const unowned = violation.tool !== undefined && owner === undefined;
  const field =
    violation.tool === undefined || !sent || unowned ? undefined : fieldOf(violation.path, sent.path);
  const configPath = field ? tool.fieldPath?.(field) : undefined;
  // A refusal of the list (its length) names the agent; one inside a schema says where in the request.
  const where =
    violation.tool === undefined
      ? ` (the tools of ${agent.agent.label})`
      : unowned
        ? ` (at ${violation.path}: the client sends it as ${sent?.name}, the name of none of the tools of ${agent.agent.label})`
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
  const rejected = field ?? (sent && !unowned && inSchema(violation, sent) ? "schema" : undefined);
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
