import type { ProviderId, WireTool } from "../wire-tool.js";
import { ANTHROPIC_RULES, ANTHROPIC_STRICT_RULES } from "./anthropic-rules.js";
import { BEDROCK_RULES } from "./bedrock-rules.js";
import { GEMINI_RULES, VERTEX_RULES } from "./gemini-rules.js";
import { MCP_RULES } from "./mcp-rules.js";
import { OPENAI_RULES } from "./openai-rules.js";
import { OPENAI_STRICT_RULES } from "./openai-strict-rules.js";
import type { ProviderRule, RequestShape } from "./provider-rule.js";

/** A provider profile: its rules and how its request body is shaped. */
export interface ProviderProfile {
  id: ProviderId;
  /** How docs and messages name it. */
  label: string;
  rules: readonly ProviderRule[];
  request: RequestShape;
  /** Where the tool at `index` sits in the request body tooldeck builds when it did not capture one. */
  toolPath(index: number): string;
}

const sentStrict = (tool: WireTool) => tool.strict === true;
// A `*-strict` profile judges every tool as strict unless its client sent `strict: false`.
const strictUnlessSaidNot = (tool: WireTool) => tool.strict !== false;

/** Every provider profile, by id (docs/providers.md). */
export const PROVIDER_PROFILES: Readonly<Record<ProviderId, ProviderProfile>> = {
  openai: {
    id: "openai",
    label: "OpenAI (Chat Completions, Responses)",
    rules: [...OPENAI_RULES, ...OPENAI_STRICT_RULES],
    request: { schemaKey: "parameters", isStrict: sentStrict },
    toolPath: (index) => `tools[${index}].function`,
  },
  "openai-strict": {
    id: "openai-strict",
    label: "OpenAI, strict function calling",
    rules: [...OPENAI_RULES, ...OPENAI_STRICT_RULES],
    request: { schemaKey: "parameters", isStrict: strictUnlessSaidNot },
    toolPath: (index) => `tools[${index}].function`,
  },
  anthropic: {
    id: "anthropic",
    label: "Anthropic (Messages)",
    rules: [...ANTHROPIC_RULES, ...ANTHROPIC_STRICT_RULES],
    request: { schemaKey: "input_schema", isStrict: sentStrict },
    toolPath: (index) => `tools[${index}]`,
  },
  "anthropic-strict": {
    id: "anthropic-strict",
    label: "Anthropic, strict tool use",
    rules: [...ANTHROPIC_RULES, ...ANTHROPIC_STRICT_RULES],
    request: { schemaKey: "input_schema", isStrict: strictUnlessSaidNot },
    toolPath: (index) => `tools[${index}]`,
  },
  gemini: {
    id: "gemini",
    label: "Google Gemini API",
    rules: GEMINI_RULES,
    request: { schemaKey: "parameters", isStrict: () => false },
    toolPath: (index) => `tools[0].functionDeclarations[${index}]`,
  },
  vertex: {
    id: "vertex",
    label: "Google Vertex AI",
    rules: VERTEX_RULES,
    request: { schemaKey: "parameters", isStrict: () => false },
    toolPath: (index) => `tools[0].functionDeclarations[${index}]`,
  },
  bedrock: {
    id: "bedrock",
    label: "Amazon Bedrock (Converse)",
    rules: BEDROCK_RULES,
    request: { schemaKey: "inputSchema.json", isStrict: sentStrict },
    toolPath: (index) => `toolConfig.tools[${index}].toolSpec`,
  },
  mcp: {
    id: "mcp",
    label: "MCP hosts (the MCP specification)",
    rules: MCP_RULES,
    request: { schemaKey: "inputSchema", isStrict: () => false },
    toolPath: (index) => `tools[${index}]`,
  },
};

/** Every rule of every profile, once each (a rule shared by two profiles is listed once). */
export function allProviderRules(): ProviderRule[] {
  return [...new Set(Object.values(PROVIDER_PROFILES).flatMap((profile) => profile.rules))];
}
