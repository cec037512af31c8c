import type { DifyApiToolConfig } from "../config/dify-api-tool-config.js";
import type { DifyApiBundle } from "./api-tool-bundle.js";

/** What the model is given for a Dify API tool (facts 79–80): name, description, parameters. */
export interface DifyModelTool {
  name: string;
  description: string;
  inputSchema: {
    type: "object";
    properties: Record<string, { type: string; description: string }>;
    required: string[];
  };
}

/**
 * The tool as the Agent strategy gives it to the model (facts 77, 79–80): the bundle's name unchanged;
 * the Agent tool's `extra.description` when non-empty, else the operation's description or summary, else
 * ""; one property `{type, description}` per parameter the model fills (no `items`, `format`, `minimum`,
 * `default`, no `additionalProperties`), files and fixed (`form`) parameters left out; `required` in the
 * parameters' order. A name used twice keeps its last declaration (fact 61).
 * @example
 * difyModelTool(bundle, config).inputSchema; // { type: "object", properties: { id: { type: "string", description: "" } }, required: ["id"] }
 */
export function difyModelTool(bundle: DifyApiBundle, config: DifyApiToolConfig): DifyModelTool {
  const properties: DifyModelTool["inputSchema"]["properties"] = {};
  const required: string[] = [];
  for (const parameter of bundle.parameters) {
    if (parameter.type === "file" || parameter.type === "files") continue;
    if (Object.hasOwn(config.parameters, parameter.name)) continue;
    Object.defineProperty(properties, parameter.name, {
      value: { type: parameter.type, description: parameter.description },
      enumerable: true,
      writable: true,
      configurable: true,
    });
    if (parameter.required) required.push(parameter.name);
  }
  return {
    name: bundle.name,
    description: config.description ? config.description : (bundle.summary ?? ""),
    inputSchema: { type: "object", properties, required },
  };
}
