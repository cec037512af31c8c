import { isPlainObject } from "../../../../json/json-value.js";
import type { LegacyPlan } from "../../schema/legacy-parameters.js";
import { NotReproducible } from "../node-failure.js";

/** What the model sees when the v1 node's input lacks a required value (reference fact 59). */
export const V1_INPUT_NOT_VALID = "Input provided by model is not valid";

/**
 * The legacy node v1's values from its one string input (reference fact 58): the text parsed as JSON,
 * json-typed values given as JSON text parsed too, nothing else coerced (`"5"` stays `"5"`). An input that
 * parses to no object (`42`) gives no value at all (fact 59). An input that is not JSON was not observed:
 * such a call is not reproduced.
 */
export function v1Values(args: Record<string, unknown>, plan: LegacyPlan): Record<string, unknown> {
  const input = Object.hasOwn(args, "input") ? args.input : undefined;
  let parsed: unknown = input;
  if (typeof input === "string") {
    try {
      parsed = JSON.parse(input);
    } catch {
      throw new NotReproducible("the legacy node v1's input is not JSON, which n8n was not seen to handle");
    }
  }
  if (!isPlainObject(parsed)) return {};
  const values: Record<string, unknown> = Object.assign(Object.create(null), parsed);
  for (const parameter of plan.parameters) {
    const value = values[parameter.name];
    if (parameter.type === "json" && typeof value === "string") values[parameter.name] = parsedOrText(value);
  }
  return values;
}

/** Whether a required value is missing: n8n then still sends the request, and throws its answer away. */
export function lacksRequired(values: Record<string, unknown>, plan: LegacyPlan): boolean {
  return plan.parameters.some((parameter) => parameter.required && values[parameter.name] === undefined);
}

function parsedOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
