import { isPlainObject } from "../../../json/json-value.js";
import type { Finding, LintRule } from "../../../lint/rule.js";
import { apiToolOf } from "../api-tool/load-api-bundles.js";
import type { DifyApiToolConfig } from "../config/dify-api-tool-config.js";
import { DIFY_RULE_PROFILES, isDifyApiTool, operationPointer } from "./dify-api-rule-helpers.js";

/**
 * Boolean parameters where a text becomes true (facts 62, 66): Dify reads only true/yes/y/1 and
 * false/no/n/0 (any case) as booleans, any other non-empty text (`off`, `False.`) as True; a fixed value
 * of a Tool node is always a text (fact 48). A body field typed through `anyOf` reads only true/1/false/0.
 */
export const difyApiBooleanText: LintRule<DifyApiToolConfig> = {
  id: "dify-api-boolean-text",
  severity: "info",
  otherSeverities: ["warning"],
  profiles: DIFY_RULE_PROFILES,
  description:
    "a Dify API tool boolean parameter, where any text but true/yes/y/1/false/no/n/0 is sent as true",
  docs:
    "Dify casts a boolean parameter from text: `true`, `yes`, `y`, `1` are True and `false`, `no`, `n`, `0` " +
    "False, in any case; **any other non-empty text is True** (`off`, `disabled`, `False.`), and an empty " +
    "one False. A Tool node's fixed values are always texts (`True`/`False` after Python's `str()`), so a " +
    "fixed value other than those words is sent as true (warning). A body field whose boolean comes " +
    "through `anyOf` reads only `true`, `1`, `false`, `0` and sends any other text as it is. Have the model " +
    "send JSON `true`/`false` (say so in the description) and fix values to exactly `true` or `false`.",
  appliesTo: isDifyApiTool,
  check({ config }) {
    const loaded = apiToolOf(config);
    if (!loaded) return [];
    const where = operationPointer(config.spec, loaded.bundle.path, loaded.bundle.method);
    const findings: Finding[] = [];
    for (const parameter of loaded.bundle.parameters) {
      if (parameter.type !== "boolean") continue;
      const fixed = config.parameters[parameter.name];
      if (fixed) {
        const text = fixed.type === "variable" ? undefined : String(fixed.value).toLowerCase();
        if (text !== undefined && !/^(?:true|yes|y|1|false|no|n|0|)$/.test(text))
          findings.push({
            severity: "warning",
            path: `parameters.${parameter.name}`,
            message: `${where}: the fixed value of boolean ${parameter.name} is "${String(fixed.value)}", which Dify sends as true`,
          });
        continue;
      }
      findings.push({
        message: `${where}: boolean ${parameter.name}: Dify reads only true/yes/y/1 and false/no/n/0 from the model's text; any other text ("off") is sent as true`,
      });
    }
    return [...findings, ...anyOfBooleans(loaded.bundle.operation, where)];
  },
};

/** Body fields whose boolean is an `anyOf` option: only true/1/false/0 are read. */
function anyOfBooleans(operation: Record<string, unknown>, where: string): Finding[] {
  const requestBody = isPlainObject(operation.requestBody) ? operation.requestBody : {};
  const [first] = isPlainObject(requestBody.content) ? Object.values(requestBody.content) : [];
  const schema = isPlainObject(first) && isPlainObject(first.schema) ? first.schema : {};
  const properties = isPlainObject(schema.properties) ? schema.properties : {};
  return Object.entries(properties).flatMap(([name, property]) =>
    isPlainObject(property) &&
    Array.isArray(property.anyOf) &&
    property.anyOf.some((option) => isPlainObject(option) && option.type === "boolean")
      ? [
          {
            message: `${where}: body field ${name} is a boolean through anyOf: Dify reads only true/1/false/0 and sends any other text as written`,
          },
        ]
      : [],
  );
}
