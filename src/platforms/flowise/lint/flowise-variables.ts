import type { RequestToolConfig } from "../../../config/request-tool-config.js";
import type { Finding, LintRule } from "../../../lint/rule.js";
import { isRequestTool } from "../../../lint/rules/rule-helpers.js";
import { chatflowKeepsLiteral, variablesIn } from "../../../runtime/variables.js";

type Field = "url" | "headers" | "body";

/** How a finding names a field, as Flowise's UI labels it. */
const FIELD_NAMES: Record<Field, string> = { url: "URL", headers: "Headers", body: "Body" };

/** Rule 9e: in an Agentflow V2 Agent node Flowise resolves only what the first tool's type accepts. */
export const flowiseVariableUnresolved: LintRule<RequestToolConfig> = {
  id: "flowise-variable-unresolved",
  severity: "error",
  profiles: ["flowise"],
  description:
    "{{…}} in an Agent node's tool that Flowise never resolves (it is not of the first tool's type)",
  docs:
    "In an Agentflow V2 Agent node the Flowise 3.1.4 server resolves variables only in the inputs that the " +
    "node's FIRST tool accepts (requestsGetUrl for a GET tool, …), and in every tool under those names. A " +
    "tool of another type keeps `{{$vars.base_url}}/events` as written, so its calls fail with " +
    '"Failed to make DELETE request: Invalid URL". Put a request tool of this kind first, or write the ' +
    "value literally.",
  appliesTo: isRequestTool,
  check({ config }) {
    const scope = config.flowiseVariables;
    if (scope?.flow !== "agentflow") return [];
    return (["url", "headers", "body"] as const)
      .filter((field) => !scope.resolved.includes(field) && holdsVariable(config[field]))
      .map((field) => unresolved(field));
  },
};

function unresolved(field: Field): Finding {
  const what = field === "url" ? "this URL" : `this ${FIELD_NAMES[field]} value`;
  const literal = field === "url" ? "the URL" : "it";
  return {
    path: field,
    message: `Flowise will send ${what} unresolved: move a request tool of this kind first, or write ${literal} literally`,
  };
}

/** Rule 9f: a chatflow (V1) server leaves two kinds of variable as written. */
export const flowiseChatflowVariable: LintRule<RequestToolConfig> = {
  id: "flowise-chatflow-variable",
  severity: "warning",
  profiles: ["flowise"],
  description: "{{current_date_time}} or a variable with spaces in its braces, sent literally by a chatflow",
  docs:
    "In a chatflow (V1) the Flowise 3.1.4 server resolves `$vars` in every tool input, but not " +
    "`{{current_date_time}}` (a URL gets `%7B%7Bcurrent_date_time%7D%7D`), and not a variable written with " +
    "spaces inside the braces (`{{ $vars.token }}`). Write `{{$vars.token}}`; pass the time another way.",
  appliesTo: isRequestTool,
  check({ config }) {
    if (config.flowiseVariables?.flow !== "chatflow") return [];
    return (["url", "headers", "body"] as const).flatMap((field) =>
      literalInChatflow(config[field]).map((variable) => ({
        path: field,
        message: `${variable} in ${FIELD_NAMES[field]} stays literal in a Flowise chatflow: it is sent as written`,
        ...(variable === "{{current_date_time}}"
          ? {}
          : { suggestion: `write {{${variable.slice(2, -2).trim()}}}` }),
      })),
    );
  },
};

/** Every `{{…}}` a chatflow leaves as written, once each, in order. */
function literalInChatflow(value: unknown): string[] {
  const kept = textsOf(value).flatMap((text) => variablesIn(text).filter(chatflowKeepsLiteral));
  return [...new Set(kept.map((variable) => variable.literal))];
}

function holdsVariable(value: unknown): boolean {
  return textsOf(value).some((text) => variablesIn(text).length > 0);
}

/** The strings inside a field's value (a URL, a headers object, a fixed body). */
function textsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(textsOf);
  if (value !== null && typeof value === "object") return Object.values(value).flatMap(textsOf);
  return [];
}
