import type { Finding, LintRule } from "../../../lint/rule.js";
import type { N8nHttpToolConfig } from "../config/n8n-http-tool-config.js";
import { scanFromAiCalls } from "../expression/from-ai-calls.js";
import { isFromAiCode, isN8nTool, N8N_RULE_PROFILES, templateCodes } from "./n8n-rule-helpers.js";

/** The JSON text parameters and the field names n8n's error gives them (reference fact 16). */
const JSON_TEXTS: Record<string, string> = {
  jsonBody: "JSON Body",
  jsonQuery: "JSON Query Parameters",
  jsonHeaders: "JSON Headers",
};

/** A `$fromAI` value written into a JSON text as it is, which n8n does not escape. */
export const n8nJsonTemplateQuoting: LintRule<N8nHttpToolConfig> = {
  id: "n8n-json-template-quoting",
  severity: "warning",
  otherSeverities: ["error"],
  profiles: N8N_RULE_PROFILES,
  description:
    "a $fromAI value spliced into a JSON text: a quote or newline in it (an object, always) breaks the JSON",
  docs:
    "Inside `{{ }}` in a longer text n8n writes a value the JavaScript way and escapes nothing: a string " +
    'with a `"` or a newline, or a word where a number goes, makes the JSON Body invalid, and an object ' +
    "becomes `[object Object]` every time. n8n then sends nothing and the model sees " +
    '`[{"error":"The value in the \\"JSON Body\\" field is not valid JSON"}]`. Write ' +
    "`{{ JSON.stringify($fromAI('name')) }}` without quotes around it, or use keypair body parameters, " +
    "whose values n8n encodes itself.",
  appliesTo: isN8nTool,
  check({ config }) {
    return Object.entries(JSON_TEXTS).flatMap(([name, field]) => {
      const text = config.parameters[name];
      if (typeof text !== "string" || !text.startsWith("=")) return [];
      const codes = templateCodes(text);
      // A JSON text that is one expression keeps its value's type (fact 17): nothing is spliced.
      if (codes.length === 1 && /^=\s*\{\{[\s\S]*\}\}\s*$/.test(text)) return [];
      return codes.filter(isFromAiCode).flatMap((code) => spliced(`parameters.${name}`, field, code));
    });
  },
};

function spliced(path: string, field: string, code: string): Finding[] {
  const scan = scanFromAiCalls(code);
  if (!scan.ok) return [];
  return scan.calls.flatMap((call): Finding[] => {
    const fix = `write {{ JSON.stringify($fromAI('${call.key}', …)) }} without quotes around it`;
    if (call.type === "json") {
      return [
        {
          path,
          severity: "error",
          message: `${call.key} is json: spliced into the ${field} it is written [object Object], which is never valid JSON, and n8n sends nothing`,
          suggestion: fix,
        },
      ];
    }
    if (call.type !== "string") return [];
    return [
      {
        path,
        message: `a value of ${call.key} with a quote or a newline makes the ${field} invalid JSON, and n8n then sends nothing`,
        suggestion: fix,
      },
    ];
  });
}
