import type { ProviderId } from "../wire-tool.js";

/** The providers whose request tooldeck captures from a LangChain provider class (all but `mcp`). */
export type LangChainProviderId = Exclude<ProviderId, "mcp">;

/** A request body a provider client built for a tool list, as it left the client. */
export interface CapturedRequest {
  provider: ProviderId;
  /**
   * Where the client sent it on the fake endpoint: `POST /v1/chat/completions`; for `mcp` the method
   * `tools/list`.
   */
  endpoint: string;
  /** The body exactly as the client serialised it, parsed; for `mcp`, the `tools/list` result. */
  body: Record<string, unknown>;
  /**
   * The names of tools given that the client left out of the body without a word (ChatAnthropic drops
   * a tool whose schema's root is an `anyOf`, `oneOf` or `allOf`), in the order given.
   */
  dropped: string[];
}

/** A tool list the client refused to send: it threw before any request left it. */
export interface RefusedCapture {
  provider: ProviderId;
  /** The client's own error message (ChatGoogleGenerativeAI: `Invalid enum: empty string not allowed …`). */
  refused: string;
}

/** What a capture gives: the request the client sent, or the client's refusal to send one. */
export type CaptureResult = CapturedRequest | RefusedCapture;

/** How a capture builds the client. */
export interface CaptureOptions {
  /** The model the client is built for (default per provider: `DEFAULT_CAPTURE_MODELS`). */
  model?: string;
  /**
   * Which OpenAI API ChatOpenAI sends to (`openai`, `openai-strict`): Chat Completions (the default, as
   * Flowise's and n8n's OpenAI nodes do) or the Responses API (`useResponsesApi`).
   */
  openaiApi?: "chat-completions" | "responses";
  /** How a provider package is loaded: default `import()` (a test gives one that fails). */
  importPackage?: (name: string) => Promise<unknown>;
}

/** The model each provider's client is built for when the options name none. */
export const DEFAULT_CAPTURE_MODELS: Readonly<Record<LangChainProviderId, string>> = {
  openai: "gpt-4o-mini",
  "openai-strict": "gpt-4o-mini",
  anthropic: "claude-sonnet-4-5",
  "anthropic-strict": "claude-sonnet-4-5",
  gemini: "gemini-2.5-flash",
  vertex: "gemini-2.5-flash",
  bedrock: "anthropic.claude-3-5-sonnet-20240620-v1:0",
};

/** The client whose request a capture takes, by provider: what messages name. */
export const CAPTURE_CLIENTS: Readonly<Record<ProviderId, string>> = {
  openai: "ChatOpenAI (@langchain/openai)",
  "openai-strict": "ChatOpenAI (@langchain/openai)",
  anthropic: "ChatAnthropic (@langchain/anthropic)",
  "anthropic-strict": "ChatAnthropic (@langchain/anthropic)",
  gemini: "ChatGoogleGenerativeAI (@langchain/google-genai)",
  vertex: "ChatGoogleGenerativeAI (@langchain/google-genai)",
  bedrock: "ChatBedrockConverse (@langchain/aws)",
  mcp: "tooldeck's MCP server",
};

/** Whether a capture is the client's refusal rather than a request. */
export function isRefusedCapture(result: CaptureResult): result is RefusedCapture {
  return "refused" in result;
}
