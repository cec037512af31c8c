import type { Finding, LintRule } from "../../../lint/rule.js";
import type { DifyApiParameter } from "../api-tool/api-tool-bundle.js";
import { apiToolOf } from "../api-tool/load-api-bundles.js";
import type { DifyApiToolConfig } from "../config/dify-api-tool-config.js";
import { DIFY_RULE_PROFILES, isDifyApiTool, operationPointer } from "./dify-api-rule-helpers.js";

/** Body schemas Dify's conversion sends as `null` whatever the value (fact 66). */
const SENT_AS_NULL = new Set(["oneOf", "allOf", "untyped"]);
/** Declarations the model is shown as `string` (fact 59). */
const SHOWN_AS_STRING = new Set(["object", "array", "oneOf", "allOf", "anyOf", "untyped"]);

/**
 * Parameters Dify loses the type of (facts 59, 62, 66): an object, array, `oneOf`, `allOf`, `anyOf` or
 * untyped parameter is shown to the model as a string; a body property declared by `oneOf`, `allOf` or
 * nothing is sent as `null`, whatever the model or the node gives.
 */
export const difyApiLossyType: LintRule<DifyApiToolConfig> = {
  id: "dify-api-lossy-type",
  severity: "warning",
  otherSeverities: ["error"],
  profiles: DIFY_RULE_PROFILES,
  description:
    "a Dify API tool parameter shown to the model as a string (object, array, oneOf…) or sent as null",
  docs:
    "Dify's API tool knows three parameter types: number, boolean and string. An object, an array, a " +
    '`oneOf`, `allOf` or `anyOf`, or a parameter without a type is shown to the model as `{"type": ' +
    '"string"}` with no items or properties, and what the model gives is cast with Python\'s `str()`: ' +
    "an array it sends as JSON becomes `['a', 'b']`, which the body conversion cannot parse back, so the " +
    "service receives that text. A body property declared only by `oneOf`, `allOf` or nothing is worse: " +
    "Dify's conversion returns None for it and sends `null` every time (error). Give each such field a " +
    "plain `type` (string, number, integer, boolean), or for an object or array say in its description " +
    "that the model must write it as a JSON text.",
  appliesTo: isDifyApiTool,
  check({ config }) {
    const loaded = apiToolOf(config);
    if (!loaded) return [];
    const where = operationPointer(config.spec, loaded.bundle.path, loaded.bundle.method);
    return loaded.bundle.parameters.flatMap((parameter) => findingsOf(parameter, config, where));
  },
};

function findingsOf(parameter: DifyApiParameter, config: DifyApiToolConfig, where: string): Finding[] {
  const fixed = Object.hasOwn(config.parameters, parameter.name);
  const path = fixed ? `parameters.${parameter.name}` : "";
  const declared = parameter.declared === "untyped" ? "no type" : parameter.declared;
  if (parameter.in === "body" && SENT_AS_NULL.has(parameter.declared))
    return [
      {
        severity: "error",
        path,
        message: `${where}: body field ${parameter.name} (${declared}) is always sent as null: Dify converts only a field with a type or anyOf`,
        suggestion: `give ${parameter.name} a plain type in the document`,
      },
    ];
  if (fixed || parameter.type === "files" || !SHOWN_AS_STRING.has(parameter.declared)) return [];
  return [
    {
      path,
      message: `${where}: ${parameter.name} (${declared}) is shown to the model as a string, and what it gives is cast with str()`,
      suggestion: `give ${parameter.name} a plain type, or say in its description that the model writes it as JSON text`,
    },
  ];
}
