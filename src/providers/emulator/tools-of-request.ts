import { isPlainObject } from "../../json/json-value.js";
import type { WireTool } from "../wire-tool.js";

/** The model APIs whose request bodies tooldeck reads tools from. */
export const PROVIDER_APIS = [
  "openai-chat",
  "openai-responses",
  "anthropic-messages",
  "gemini-generate-content",
  "bedrock-converse",
] as const;

export type ProviderApi = (typeof PROVIDER_APIS)[number];

/**
 * The function tools of a model API's request body, each with where it sits in the provider's own terms
 * (the paths its errors name): `tools[3].function` (OpenAI Chat Completions), `tools[3]` (Responses),
 * `tools.3.custom` (Anthropic), `tools[0].function_declarations[3]` (Gemini), `toolConfig.tools.3.toolSpec`
 * (Bedrock). Entries that are not function tools (a provider's built-in tools, a body without tools) are
 * skipped: they carry no schema of ours.
 * @example
 * toolsOfRequest("openai-chat", { tools: [{ type: "function", function: { name: "get_events" } }] });
 * // [{ name: "get_events", path: "tools[0].function" }]
 */
export function toolsOfRequest(api: ProviderApi, body: unknown): WireTool[] {
  if (!isPlainObject(body)) return [];
  switch (api) {
    case "openai-chat":
      return entries(body.tools).flatMap(([tool, i]) =>
        tool.type === "function" && isPlainObject(tool.function)
          ? [wireTool(tool.function, tool.function.parameters, `tools[${i}].function`)]
          : [],
      );
    case "openai-responses":
      return entries(body.tools).flatMap(([tool, i]) =>
        tool.type === "function" ? [wireTool(tool, tool.parameters, `tools[${i}]`)] : [],
      );
    case "anthropic-messages":
      // Anthropic's errors name a client tool `tools.N.custom` whether or not it says `type: "custom"`;
      // a typed tool other than custom is one of Anthropic's own (web_search_20250305, bash_…).
      return entries(body.tools).flatMap(([tool, i]) =>
        tool.type === undefined || tool.type === "custom"
          ? [wireTool(tool, tool.input_schema, `tools.${i}.custom`)]
          : [],
      );
    case "gemini-generate-content":
      return geminiTools(body.tools);
    case "bedrock-converse": {
      const config = isPlainObject(body.toolConfig) ? body.toolConfig : {};
      return entries(config.tools).flatMap(([tool, i]) => {
        const spec = tool.toolSpec;
        if (!isPlainObject(spec)) return [];
        const schema = isPlainObject(spec.inputSchema) ? spec.inputSchema.json : undefined;
        return [wireTool(spec, schema, `toolConfig.tools.${i}.toolSpec`)];
      });
    }
  }
}

/**
 * Gemini's declarations, under each `tools[j]`; the REST API takes camelCase and snake_case alike and names
 * them in snake_case in its errors. `parameters` (its OpenAPI subset) or `parametersJsonSchema` (JSON Schema).
 */
function geminiTools(tools: unknown): WireTool[] {
  return entries(tools).flatMap(([tool, j]) =>
    entries(tool.functionDeclarations ?? tool.function_declarations).map(([declaration, i]) =>
      wireTool(
        declaration,
        declaration.parameters ?? declaration.parametersJsonSchema ?? declaration.parameters_json_schema,
        `tools[${j}].function_declarations[${i}]`,
      ),
    ),
  );
}

/** The object entries of a list with their indexes; anything but an array has none. */
function entries(list: unknown): Array<[Record<string, unknown>, number]> {
  if (!Array.isArray(list)) return [];
  return list.flatMap((item, index) =>
    isPlainObject(item) ? [[item, index] as [Record<string, unknown>, number]] : [],
  );
}

/** A tool as sent: a name that is not a string is kept as its JSON text, for the judge to refuse. */
function wireTool(tool: Record<string, unknown>, parameters: unknown, path: string): WireTool {
  const name = typeof tool.name === "string" ? tool.name : JSON.stringify(tool.name ?? "");
  return {
    name,
    ...(typeof tool.description === "string" ? { description: tool.description } : {}),
    ...(parameters === undefined ? {} : { parameters }),
    ...(typeof tool.strict === "boolean" ? { strict: tool.strict } : {}),
    path,
  };
}
