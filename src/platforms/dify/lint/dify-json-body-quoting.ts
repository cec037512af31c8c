import type { Finding, LintRule } from "../../../lint/rule.js";
import type { DifyHttpRequestConfig } from "../config/dify-http-request-config.js";
import { referenceOf } from "../template/dify-template.js";
import {
  DIFY_RULE_PROFILES,
  isDifyHttpNode,
  isEnvSelector,
  type ReferenceType,
  referenceType,
} from "./dify-rule-helpers.js";
import { type JsonSlot, readJsonTemplate } from "./json-body-template.js";

/** The JSON body's one item: its template, unless the body is not JSON or is one whole reference (fact 29). */
export function jsonBodyTemplate(config: DifyHttpRequestConfig): string | undefined {
  const [item, ...more] = config.body.data;
  if (config.body.type !== "json" || !item || more.length > 0 || item.type !== "text") return undefined;
  // `{{#x.text#}}` alone: the variable holds the JSON, parsed as it is.
  if (/^\s*\{\{#[^#]+#\}\}\s*$/.test(item.value)) return undefined;
  return item.value;
}

/**
 * A raw-text body's one item when its template reads as JSON (an object or an array, each reference a
 * harmless value): Dify sends the rendered text as it is (fact 31), JSON the service parses.
 */
export function rawJsonTemplate(config: DifyHttpRequestConfig): string | undefined {
  const [item, ...more] = config.body.data;
  if (config.body.type !== "raw-text" || !item || more.length > 0 || item.type !== "text") return undefined;
  if (!/^\s*[[{]/.test(item.value) || /^\s*\{\{#[^#]+#\}\}\s*$/.test(item.value)) return undefined;
  const parsed = readJsonTemplate(item.value).parsed;
  return parsed.ok && typeof parsed.value === "object" && parsed.value !== null ? item.value : undefined;
}

const REPAIRED = "Dify then sends what json_repair makes of it, not what the template says";
/** What follows for a raw-text body: no repair, the text is sent as rendered (fact 31). */
const SENT_AS_IS = "Dify sends the raw text as it is rendered: the service gets JSON it cannot parse";
const ESCAPE = "make the value JSON in a Code node (json.dumps) and insert that without quotes around it";

/** A variable inserted into a JSON body template without quoting or escaping (facts 22, 23, 29). */
export const difyJsonBodyQuoting: LintRule<DifyHttpRequestConfig> = {
  id: "dify-json-body-quoting",
  severity: "warning",
  otherSeverities: ["error", "info"],
  profiles: DIFY_RULE_PROFILES,
  description:
    "a variable inserted into a JSON body as text, unescaped: a quote in a string, or a string without quotes, breaks the JSON",
  docs:
    "Dify inserts each `{{#node.var#}}` into a JSON body as raw text, escaping nothing (reference/dify-tools.md " +
    'fact 22), then runs the result through json_repair before parsing it (fact 29). Between quotes, a string with a `"` ' +
    "(a user's question, an LLM's answer) ends the JSON string early; without quotes, a user's string is never valid " +
    "JSON, a model's answer or a response body only when it is JSON text (said as info), and " +
    "a boolean is written `True` and an array of objects the Python way (fact 23). The broken text is not refused: " +
    "json_repair rewrites it and Dify sends the guess, so the service gets other fields or values than the template " +
    "says, and nothing fails. What a variable holds is read from the app's graph (a Start input's type, a Code " +
    "node's declared output) or its selector. A number, an object or an array of strings without quotes, a Code " +
    "node's string without quotes (text its author built as JSON), a select whose options are JSON (`true`, " +
    "`false`) with or without quotes, a number or a select's option between quotes, " +
    "and an environment variable (the app's own constant) are safe and not reported. A raw-text body written as JSON " +
    "is judged alike: Dify sends it as rendered, with no repair (fact 31), so the service gets the broken JSON. Make " +
    "the value JSON first (a Code node's `json.dumps(value)`) and insert it without quotes.",
  appliesTo: isDifyHttpNode,
  check({ config }) {
    const json = jsonBodyTemplate(config);
    const raw = json === undefined ? rawJsonTemplate(config) : undefined;
    const template = json ?? raw;
    if (template === undefined) return [];
    const then = json !== undefined ? REPAIRED : SENT_AS_IS;
    const seen = new Set<string>();
    return readJsonTemplate(template).slots.flatMap((slot) => {
      const key = `${slot.selector}:${slot.quoted}`;
      if (seen.has(key) || isEnvSelector(slot.selector)) return [];
      seen.add(key);
      return judgeSlot(slot, config.variableTypes, then);
    });
  },
};

/** The types whose rendered text holds no `"` and no backslash: safe between quotes. */
const QUOTE_SAFE: readonly ReferenceType[] = ["number", "file", "id", "choice", "choice-json", "boolean"];
/** The types whose rendered text is JSON as it is: safe without quotes. */
const JSON_AS_IS: readonly ReferenceType[] = ["number", "object", "array-json", "code-string", "choice-json"];

function judgeSlot(
  slot: JsonSlot,
  declared: DifyHttpRequestConfig["variableTypes"],
  then: string,
): Finding[] {
  const type = referenceType(slot.selector, declared);
  const reference = referenceOf(slot.selector);
  const path = "body.data[0].value";
  if (slot.quoted) {
    // A generated identifier (a UUID), a number or one of a select's options holds no quote to break the string.
    if (QUOTE_SAFE.includes(type)) return [];
    if (type === "object" || type === "array-json")
      return [
        {
          path,
          severity: "error",
          message: `${reference} is ${type === "object" ? "an object" : "an array"}, which Dify writes as JSON text: between quotes, its own quotes end the JSON string, and ${then}`,
          suggestion: "remove the quotes around it: Dify writes it as JSON already",
        },
      ];
    return [
      {
        path,
        message: `${reference} is inserted between quotes unescaped: a value with a " breaks the JSON body, and ${then}`,
        suggestion: ESCAPE,
      },
    ];
  }
  // A Code node's string is text its author built, most often JSON made for this place (json.dumps).
  if (JSON_AS_IS.includes(type)) return [];
  const unquoted = notJson(type);
  if (unquoted !== undefined)
    return [
      {
        path,
        severity: "error",
        message: `${reference} is ${unquoted}: the JSON body is never valid JSON, and ${then}`,
        suggestion: ESCAPE,
      },
    ];
  if (type === "text")
    return [
      {
        path,
        severity: "info",
        message: `${reference} is a text (a model's answer, a response body) inserted without quotes: valid JSON only when that text is JSON`,
        suggestion: `if it can be plain text, ${ESCAPE}`,
      },
    ];
  return [
    {
      path,
      severity: "info",
      message: `${reference} is inserted without quotes as Dify writes its value: valid JSON for a number or an object, not for a string or a boolean (True)`,
      suggestion: `if it can be a string or a boolean, ${ESCAPE}`,
    },
  ];
}

/** What a value of this type is, written without quotes, when it is never JSON (fact 23). */
function notJson(type: ReferenceType): string | undefined {
  if (type === "file") return "a file, which Dify writes as empty text";
  if (type === "string" || type === "id" || type === "choice") return "a string, inserted without quotes";
  if (type === "boolean") return "a boolean, which Dify writes True or False";
  if (type === "array-python") return "an array Dify writes the Python way ([{'a': 1}], [True])";
  return undefined;
}
