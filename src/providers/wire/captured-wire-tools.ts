import type { WireTool } from "../wire-tool.js";
import type { CapturedRequest } from "./captured-request.js";

/** A tool of a captured request: as the judge reads it, and the entry exactly as the client sent it. */
export interface CapturedWireTool extends WireTool {
  /** The tool's entry in the body, untouched (`tools[3]`, or Gemini's function declaration). */
  sent: Record<string, unknown>;
}

type Json = Record<string, unknown>;

/**
 * The tools of a request this folder captured, in the order sent. This reads only the bodies the
 * capture produces (one shape per LangChain class); reading any request body a provider may be sent
 * is the provider emulators' reader (`src/providers/emulator/`), which this can merge into later.
 */
export function wireToolsOfCapture(captured: CapturedRequest): CapturedWireTool[] {
  const { body } = captured;
  switch (captured.provider) {
    case "openai":
    case "openai-strict":
      return captured.endpoint.endsWith("/responses")
        ? entries(body.tools, "tools").map(([tool, path]) => toWireTool(tool, path, tool, "parameters"))
        : entries(body.tools, "tools").map(([tool, path]) => openAIFunction(tool, path));
    case "anthropic":
    case "anthropic-strict":
      return entries(body.tools, "tools").map(([tool, path]) => toWireTool(tool, path, tool, "input_schema"));
    case "gemini":
    case "vertex":
      return entries(body.tools, "tools").flatMap(([tool, path]) =>
        entries(tool.functionDeclarations, `${path}.functionDeclarations`).map(([declaration, at]) =>
          toWireTool(declaration, at, declaration, "parameters"),
        ),
      );
    case "bedrock":
      return entries(objectAt(body.toolConfig).tools, "toolConfig.tools").map(([tool, path]) =>
        bedrockTool(tool, path),
      );
    case "mcp":
      return entries(body.tools, "tools").map(([tool, path]) => toWireTool(tool, path, tool, "inputSchema"));
  }
}

/** The object entries of an array, each with its path; anything else, none. */
function entries(list: unknown, path: string): [Json, string][] {
  if (!Array.isArray(list)) return [];
  return list.map((item, i) => [objectAt(item), `${path}[${i}]`]);
}

function objectAt(value: unknown): Json {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Json) : {};
}

function openAIFunction(tool: Json, path: string): CapturedWireTool {
  return toWireTool(objectAt(tool.function), `${path}.function`, tool, "parameters");
}

function bedrockTool(tool: Json, path: string): CapturedWireTool {
  const spec = objectAt(tool.toolSpec);
  const wire = toWireTool(spec, `${path}.toolSpec`, tool, "inputSchema");
  const inputSchema = objectAt(spec.inputSchema);
  if ("json" in inputSchema) wire.parameters = inputSchema.json;
  else delete wire.parameters;
  return wire;
}

/** `at` holds the name, description, schema (under `schemaKey`) and strict flag; `sent` is the whole entry. */
function toWireTool(at: Json, path: string, sent: Json, schemaKey: string): CapturedWireTool {
  const tool: CapturedWireTool = { name: typeof at.name === "string" ? at.name : "", path, sent };
  if (typeof at.description === "string") tool.description = at.description;
  if (schemaKey in at) tool.parameters = at[schemaKey];
  // The Responses API's ChatOpenAI sends `strict: null` when none was asked: no flag.
  if (typeof at.strict === "boolean") tool.strict = at.strict;
  return tool;
}
