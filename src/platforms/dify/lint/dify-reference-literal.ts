import type { Finding, LintRule } from "../../../lint/rule.js";
import type { DifyHttpRequestConfig } from "../config/dify-http-request-config.js";
import { templateReferences } from "../template/dify-template.js";
import { DIFY_RULE_PROFILES, isDifyHttpNode } from "./dify-rule-helpers.js";

/** Text written as a variable reference, whatever is inside: `{{#…#}}`. */
const LOOKS_LIKE = /\{\{#([^{}#\n]{1,300})#\}\}/g;

/** A `{{#…#}}` that Dify's pattern does not take (reference/dify-tools.md fact 9), sent as written. */
export const difyReferenceLiteral: LintRule<DifyHttpRequestConfig> = {
  id: "dify-reference-literal",
  severity: "error",
  profiles: DIFY_RULE_PROFILES,
  description:
    "a {{#…#}} that is not a Dify variable reference: Dify sends the text as written, at every run",
  docs:
    "Dify finds variables in a text field with one pattern (reference/dify-tools.md fact 9): `{{#node.name#}}` " +
    "whose node id is 1–50 letters, digits or `_`, then 1–10 names each starting with a letter or `_`. Anything else " +
    "between `{{#` and `#}}` — a node id with a `-` (`{{#start-node.city#}}`, as hand-written DSL files name their " +
    "nodes), a space, a name starting with a digit — is plain text: Dify inserts no value and sends the braces as " +
    "written, in the URL, a header, a param or the body, at every run. The editor names nodes with numbers, so an " +
    "app built there never has it; rename the node to letters, digits and `_` and its references with it.",
  appliesTo: isDifyHttpNode,
  check({ config }) {
    const fields: [string, string][] = [
      ["url", config.url],
      ["headers", config.headers],
      ["params", config.params],
      ...config.body.data.flatMap((item, index): [string, string][] => [
        [`body.data[${index}].key`, item.key],
        [`body.data[${index}].value`, item.value],
      ]),
    ];
    if (config.authorization.type === "api-key")
      fields.push(["authorization.config.api_key", config.authorization.config.api_key]);
    return fields.flatMap(([path, text]) => literalsIn(text).map((literal) => finding(path, literal)));
  },
};

/** The `{{#…#}}` of a text that are not references, each once. */
function literalsIn(text: string): string[] {
  const references = new Set(templateReferences(text));
  const found = new Set<string>();
  for (const match of text.matchAll(LOOKS_LIKE)) {
    const inside = match[1] as string;
    if (!references.has(inside)) found.add(inside);
  }
  return [...found];
}

function finding(path: string, inside: string): Finding {
  return {
    path,
    message: `{{#${inside}#}} is not a Dify variable reference (${whyNot(inside)}): Dify sends it as written`,
    suggestion:
      "name the node with letters, digits and _ only (the editor's ids are numbers) and reference it as {{#node_id.name#}}",
  };
}

/** Which part of fact 9's pattern the text misses. */
function whyNot(inside: string): string {
  if (/\s/.test(inside)) return "it holds a space";
  const [node = "", ...names] = inside.split(".");
  if (names.length === 0) return "no variable name after the node id";
  if (!/^[a-zA-Z0-9_]{1,50}$/.test(node)) return `its node id ${node} is not 1–50 letters, digits or _`;
  const bad = names.find((name) => !/^[a-zA-Z_][a-zA-Z0-9_]{0,29}$/.test(name));
  if (bad !== undefined) return `its name ${bad} does not start with a letter or _, or is longer than 30`;
  return "more than 10 names after the node id";
}
