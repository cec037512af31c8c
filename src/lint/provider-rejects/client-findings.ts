import { isPlainObject } from "../../json/json-value.js";
import type { WireForm } from "../../providers/default-wire-tools.js";
import type { ProviderId } from "../../providers/wire-tool.js";
import type { Diagnostic } from "../diagnostic.js";
import type { AgentToJudge, SentTool } from "./agent-to-judge.js";
import { PROVIDER_REJECTS } from "./provider-rejects-info.js";

/**
 * What a captured request shows the client itself does to an agent's tools, each a finding: a tool it
 * leaves out of the request (the model is never given it: `<provider>/client-drops-tool`, on that tool),
 * a parameter it deletes from a schema (`<provider>/client-drops-parameter`, on that tool), a list it
 * refuses to send (every call fails before the provider is reached: `<provider>/client-refuses`, on the
 * agent). A default wire form (no `client`) has none.
 */
export function clientFindings(
  agent: AgentToJudge,
  provider: ProviderId,
  form: WireForm,
  severity: Diagnostic["severity"],
): { rule: string; diagnostic: Diagnostic }[] {
  const client = form.client ?? "its client";
  const dropped = (form.dropped ?? []).flatMap((index) => {
    const tool = agent.tools[index];
    if (!tool) return [];
    const message = `${client} leaves ${tool.model.name} out of the request it sends: the model is never given it`;
    return [{ rule: `${provider}/client-drops-tool`, diagnostic: finding(tool, message, severity) }];
  });
  // A refused list's tools are the default form, which deletes no parameter.
  const lost =
    form.client === undefined || form.refused !== undefined
      ? []
      : droppedParameters(agent, provider, form, severity);
  if (form.refused === undefined) return [...dropped, ...lost];
  const first = agent.tools[0] as SentTool;
  const message = `${client} refuses to send the tools of ${agent.agent.label}, so every call fails before ${provider} is reached: ${form.refused}`;
  return [
    ...dropped,
    ...lost,
    { rule: `${provider}/client-refuses`, diagnostic: finding(first, message, severity) },
  ];
}

/**
 * The parameters a client removes from a tool's schema as it sends it (ChatGoogleGenerativeAI
 * deletes every key named `additionalProperties`, `$schema` or `strict` at any depth, a parameter's name
 * too): the model can never give them. Judged on a captured request only.
 */
function droppedParameters(
  agent: AgentToJudge,
  provider: ProviderId,
  form: WireForm,
  severity: Diagnostic["severity"],
): { rule: string; diagnostic: Diagnostic }[] {
  return form.tools.flatMap((sent, at) => {
    const tool = agent.tools[form.given ? (form.given[at] ?? -1) : at];
    if (!tool) return [];
    const lost = lostProperties(tool.model.inputSchema, sent.parameters);
    if (lost.length === 0) return [];
    const names = lost.join(", ");
    const message = `${form.client} removes the parameter${lost.length > 1 ? "s" : ""} ${names} from the schema it sends: the model can never give ${lost.length > 1 ? "them" : "it"}`;
    return [{ rule: `${provider}/client-drops-parameter`, diagnostic: finding(tool, message, severity) }];
  });
}

/**
 * The parameters of `given` that `sent` lacks, at any depth of nested objects (`queryParams.strict`: the
 * standard profile's parameters sit inside `queryParams` and `body`); a lost object's own parameters
 * are not listed again.
 */
function lostProperties(given: unknown, sent: unknown, prefix = ""): string[] {
  const kept = propertiesOf(sent);
  return Object.entries(propertiesOf(given)).flatMap(([key, schema]) =>
    Object.hasOwn(kept, key) ? lostProperties(schema, kept[key], `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

function propertiesOf(schema: unknown): Record<string, unknown> {
  const properties = isPlainObject(schema) ? schema.properties : undefined;
  return isPlainObject(properties) ? properties : {};
}

function finding(tool: SentTool, message: string, severity: Diagnostic["severity"]): Diagnostic {
  return { code: PROVIDER_REJECTS.id, severity, ...tool.at, message };
}
