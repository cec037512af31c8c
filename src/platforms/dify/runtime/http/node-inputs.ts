import type { DifyHttpRequestConfig } from "../../config/dify-http-request-config.js";
import { templateReferences } from "../../template/dify-template.js";
import { isEnvSelector } from "../dify-variable-pool.js";
import { authorizationTemplate } from "./node-authorization.js";

/** Every template of the node, in the order Dify reads them: key, URL, params, headers, body items. */
function nodeTemplates(config: DifyHttpRequestConfig): string[] {
  const body = config.body.data.flatMap((item) =>
    item.type === "text" ? [item.key, item.value] : [item.key],
  );
  return [authorizationTemplate(config), config.url, config.params, config.headers, ...body];
}

/** The selectors the node's templates reference, each once: `env.*` ones and the run's inputs alike. */
export function nodeSelectors(config: DifyHttpRequestConfig): string[] {
  return [...new Set(nodeTemplates(config).flatMap(templateReferences))];
}

/**
 * The inputs a run fills (every referenced selector but `env.*`, which tooldeck's variables give), as a
 * JSON Schema of one property per selector, named by its text: `{"start.id": {type: "string"}}`. A run
 * may give another JSON type; Dify inserts each as its text (reference/dify-tools.md fact 23).
 */
export function nodeInputSchema(config: DifyHttpRequestConfig): Record<string, unknown> {
  const inputs = nodeSelectors(config).filter((selector) => !isEnvSelector(selector));
  const properties = Object.fromEntries(
    inputs.map((selector) => [selector, { type: "string", description: `Dify variable {{#${selector}#}}` }]),
  );
  return { type: "object", properties, required: inputs };
}

/** The `env.*` variables the node reads, by name (`env.base_url` → `base_url`). */
export function nodeEnvNames(config: DifyHttpRequestConfig): string[] {
  return nodeSelectors(config)
    .filter(isEnvSelector)
    .map((selector) => selector.slice("env.".length));
}
