import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { initChatModel } from "langchain";
import { ToolDeckError } from "../../errors.js";
import { DEFAULT_MODEL } from "./default-model.js";

/** The package and key variable of each provider tooldeck names in its errors. */
const PROVIDERS: Readonly<Record<string, { package: string; key?: string }>> = {
  openai: { package: "@langchain/openai", key: "OPENAI_API_KEY" },
  anthropic: { package: "@langchain/anthropic", key: "ANTHROPIC_API_KEY" },
  "google-genai": { package: "@langchain/google-genai", key: "GOOGLE_API_KEY" },
  mistralai: { package: "@langchain/mistralai", key: "MISTRAL_API_KEY" },
  groq: { package: "@langchain/groq", key: "GROQ_API_KEY" },
  deepseek: { package: "@langchain/deepseek", key: "DEEPSEEK_API_KEY" },
  xai: { package: "@langchain/xai", key: "XAI_API_KEY" },
  ollama: { package: "@langchain/ollama" },
};

/** The model tooldeck uses when none is named. */

/**
 * A chat model from `provider:model` through LangChain's `initChatModel`. Provider packages are optional
 * dependencies: a missing package or API key is one `usage` error naming what to install or set. The
 * key is read from `env` (not the process), and `OPENAI_BASE_URL`, `ANTHROPIC_BASE_URL` and
 * `GOOGLE_GEMINI_BASE_URL` are honoured, so a local compatible server (or `serve --provider`) works.
 * @example
 * const model = await initModel("openai:gpt-4o-mini", process.env);
 */
export async function initModel(
  spec: string,
  env: Record<string, string | undefined>,
): Promise<BaseChatModel> {
  const index = spec.indexOf(":");
  if (index <= 0 || index === spec.length - 1) {
    throw new ToolDeckError("usage", `--model must be provider:model (e.g. ${DEFAULT_MODEL}), got '${spec}'`);
  }
  const provider = spec.slice(0, index);
  const model = spec.slice(index + 1);
  const known = PROVIDERS[provider];
  if (known) await requirePackage(provider, known.package);
  const apiKey = known?.key ? env[known.key] : undefined;
  if (known?.key && !apiKey) {
    throw new ToolDeckError("usage", `set ${known.key} to use ${spec}`);
  }
  const fields: Record<string, unknown> = {
    modelProvider: provider,
    maxRetries: MAX_RETRIES,
    onFailedAttempt: giveUpEarly,
  };
  if (apiKey) fields.apiKey = apiKey;
  if (provider === "openai" && env.OPENAI_BASE_URL) fields.configuration = { baseURL: env.OPENAI_BASE_URL };
  // Anthropic's and Google's base URLs too: `tooldeck serve --provider` stands in for either.
  if (provider === "anthropic" && env.ANTHROPIC_BASE_URL) fields.anthropicApiUrl = env.ANTHROPIC_BASE_URL;
  if (provider === "google-genai" && env.GOOGLE_GEMINI_BASE_URL) fields.baseUrl = env.GOOGLE_GEMINI_BASE_URL;
  try {
    return (await initChatModel(model, fields)) as unknown as BaseChatModel;
  } catch (cause) {
    throw new ToolDeckError("usage", `cannot use ${spec}: ${(cause as Error).message.split("\n")[0]}`, {
      cause,
    });
  }
}

/** LangChain retries 6 times with backoff (80 s before an unreachable server is reported); 2 is enough. */
const MAX_RETRIES = 2;

/**
 * Whether a failed model call is worth another try: not when the server cannot be reached (a wrong
 * OPENAI_BASE_URL fails at once, naming the URL, instead of after minutes of backoff), nor on a 4xx
 * answer other than 408 and 429 (a wrong key or model stays wrong). Throwing ends the retries.
 */
function giveUpEarly(error: unknown): void {
  if (isUnreachable(error)) throw error;
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === "number" && status >= 400 && status < 500 && status !== 408 && status !== 429)
    throw error;
}

/** A connection that never got an answer: refused, timed out, no route, unknown host. */
export function isUnreachable(error: unknown): boolean {
  const name = (error as Error | null)?.constructor?.name ?? "";
  if (name === "APIConnectionError" || name === "APIConnectionTimeoutError") return true;
  const code = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return (
    typeof code === "string" &&
    /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN|UND_ERR_CONNECT_TIMEOUT)$/.test(
      code,
    )
  );
}

/** Where a `provider:model` sends its calls, for error messages: the URL when tooldeck knows it. */
export function modelEndpoint(spec: string, env: Record<string, string | undefined>): string {
  const provider = spec.slice(0, spec.indexOf(":"));
  if (provider === "openai") return env.OPENAI_BASE_URL ?? "https://api.openai.com/v1";
  if (provider === "anthropic" && env.ANTHROPIC_BASE_URL) return env.ANTHROPIC_BASE_URL;
  if (provider === "google-genai" && env.GOOGLE_GEMINI_BASE_URL) return env.GOOGLE_GEMINI_BASE_URL;
  return `the ${provider} provider's endpoint`;
}

async function requirePackage(provider: string, name: string): Promise<void> {
  try {
    await import(name);
  } catch {
    throw new ToolDeckError("usage", `the ${provider} provider needs ${name}: npm install ${name}`);
  }
}
