/**
 * The provider gate's shared vocabulary (issue 42): the model providers tooldeck judges tools for, a tool as
 * a provider receives it, and what a provider says when it refuses one. The judge (`src/providers/rules/`),
 * the capture of what LangChain's provider classes send (`src/providers/wire/`) and the provider emulators
 * (`src/providers/emulator/`) all speak it.
 */

/** The provider profiles: each a dated set of rules (docs/providers.md). */
export const PROVIDER_IDS = [
  "openai",
  "openai-strict",
  "anthropic",
  "anthropic-strict",
  "gemini",
  "vertex",
  "bedrock",
  "mcp",
] as const;

export type ProviderId = (typeof PROVIDER_IDS)[number];

/** One tool as a provider receives it, read from the request body its client sends. */
export interface WireTool {
  name: string;
  description?: string;
  /** The tool's parameter schema exactly as sent (OpenAI `parameters`, Anthropic `input_schema`, …). */
  parameters?: unknown;
  /** OpenAI's and Anthropic's `strict` flag, where sent. */
  strict?: boolean;
  /** Where the tool sits in the request body, in the provider's own terms: `tools[3].function`. */
  path: string;
}

/** A rule a provider holds a tool list to, broken: what the provider answers, and where. */
export interface ProviderViolation {
  provider: ProviderId;
  /** The rule's id (`openai/name-pattern`). */
  rule: string;
  /** The provider's own error text, as its API answers it. */
  message: string;
  /** Where in the request body (`tools[3].function.parameters.properties.q`). */
  path: string;
  /** The index of the tool in the list, when one tool breaks it (absent for the list's own limits). */
  tool?: number;
}
