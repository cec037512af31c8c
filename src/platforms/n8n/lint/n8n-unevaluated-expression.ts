import type { Finding, LintRule } from "../../../lint/rule.js";
import type { N8nHttpToolConfig } from "../config/n8n-http-tool-config.js";
import {
  isFromAiCode,
  isN8nTool,
  N8N_RULE_PROFILES,
  parameterStrings,
  templateCodes,
} from "./n8n-rule-helpers.js";

/** The names an n8n expression reads from the workflow's run: data tooldeck does not have. */
const RUN_DATA =
  /\$(?:json|input|item|items|node|binary|execution|workflow|credentials|env|prevNode|runIndex|now|today|parameter|evaluateExpression|jmespath)\b|\$\(/;

/** `{{ }}` n8n does not evaluate, or evaluates from data tooldeck does not have. */
export const n8nUnevaluatedExpression: LintRule<N8nHttpToolConfig> = {
  id: "n8n-unevaluated-expression",
  severity: "warning",
  otherSeverities: ["info"],
  profiles: N8N_RULE_PROFILES,
  description:
    "`{{ }}` in a parameter without the leading `=` (sent as text), or an expression that reads the workflow's data",
  docs:
    "A parameter is an n8n expression only when it starts with `=`; otherwise its `{{ … }}` is sent as " +
    "written, so a header `Bearer {{$credentials.oauth2.access_token}}` sends that text, not the token " +
    "(templates copied between workflows lose the `=`). An expression that reads the workflow's data " +
    "(`$json`, `$('Node')`, `$credentials`, `$env`…) depends on a run tooldeck does not have: it is said " +
    "(info) and the tool's calls are not reproduced. Only `$fromAI(…)`, `JSON.stringify`, literals and " +
    "`$vars.name` (tooldeck's variables) are evaluated.",
  appliesTo: isN8nTool,
  check({ config }) {
    return parameterStrings(config.parameters).flatMap(({ path, text }) => {
      const codes = templateCodes(text);
      const field = path.slice("parameters.".length);
      if (!text.startsWith("=")) {
        const unevaluated = codes.filter((code) => !isFromAiCode(code));
        if (unevaluated.length === 0) return [];
        return [literal(path, field, unevaluated[0] as string)];
      }
      const reads = codes.find((code) => RUN_DATA.test(code));
      return reads === undefined ? [] : [runData(path, field, reads)];
    });
  },
};

function literal(path: string, field: string, code: string): Finding {
  return {
    path,
    message: `${field} is not an expression: n8n sends {{ ${code} }} as written`,
    suggestion:
      "in n8n, switch the field to Expression (the stored value starts with `=`), or write the value out",
  };
}

function runData(path: string, field: string, code: string): Finding {
  return {
    path,
    severity: "info",
    message: `${field} reads {{ ${code} }} from the workflow's run, which tooldeck does not evaluate: its calls are not reproduced`,
  };
}
