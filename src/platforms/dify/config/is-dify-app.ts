import { isPlainObject } from "../../../json/json-value.js";

/**
 * Whether a value is a Dify app DSL: `kind: app` (Dify's export, from a file, stdin or its console API),
 * or, as Dify's import forces `kind` to `app` (fact 92), an `app` mapping beside a `workflow` or
 * `model_config` and no `kind`.
 */
export function isDifyApp(value: Record<string, unknown>): boolean {
  if ("kind" in value) return value.kind === "app";
  return isPlainObject(value.app) && ("workflow" in value || "model_config" in value);
}
