import type { StructuredToolInterface } from "@langchain/core/tools";
import { captureAnthropic } from "./capture-anthropic.js";
import { captureBedrock } from "./capture-bedrock.js";
import { captureGemini } from "./capture-gemini.js";
import { captureOpenAI } from "./capture-openai.js";
import {
  type CapturedRequest,
  type CaptureOptions,
  type CaptureResult,
  DEFAULT_CAPTURE_MODELS,
  type LangChainProviderId,
} from "./captured-request.js";
import { wireToolsOfCapture } from "./captured-wire-tools.js";
import type { SentOnce } from "./send-once.js";

/**
 * The request body the real LangChain provider class sends when a model bound with these tools is
 * invoked: ChatOpenAI (Chat Completions, or the Responses API), ChatAnthropic, ChatGoogleGenerativeAI
 * (also for `vertex`: `@langchain/google-vertexai` is not installed, and Flowise's and n8n's Gemini
 * nodes use this class) or ChatBedrockConverse, each pointed at a fake endpoint on 127.0.0.1 with dummy
 * credentials and answered with the provider's minimal reply, so nothing leaves the machine. The
 * `-strict` providers bind the tools with `{ strict: true }`. A class that throws before sending
 * (it refuses the tools itself) gives its message as `refused`. A provider package that is not
 * installed is a ToolDeckError naming it.
 * @example
 * const captured = await captureProviderRequest("gemini", toLangChainTools(createTools(configs)));
 * if (!isRefusedCapture(captured)) console.log(captured.body.tools);
 */
export async function captureProviderRequest(
  provider: LangChainProviderId,
  tools: readonly StructuredToolInterface[],
  options: CaptureOptions = {},
): Promise<CaptureResult> {
  const sent = await sendWith(provider, tools, options);
  if ("refused" in sent) return { provider, refused: sent.refused };
  const captured: CapturedRequest = { provider, ...sent.request, dropped: [] };
  captured.dropped = droppedNames(
    tools.map((tool) => tool.name),
    wireToolsOfCapture(captured).map((tool) => tool.name),
  );
  return captured;
}

function sendWith(
  provider: LangChainProviderId,
  tools: readonly StructuredToolInterface[],
  options: CaptureOptions,
): Promise<SentOnce> {
  const model = options.model ?? DEFAULT_CAPTURE_MODELS[provider];
  const { importPackage } = options;
  switch (provider) {
    case "openai":
    case "openai-strict":
      return captureOpenAI(tools, {
        model,
        strict: provider === "openai-strict",
        api: options.openaiApi ?? "chat-completions",
        importPackage,
      });
    case "anthropic":
    case "anthropic-strict":
      return captureAnthropic(tools, { model, strict: provider === "anthropic-strict", importPackage });
    case "gemini":
    case "vertex":
      return captureGemini(tools, { model, importPackage });
    case "bedrock":
      return captureBedrock(tools, { model, importPackage });
  }
}

/** The given names the body does not carry, each as often as it is missing, in the order given. */
function droppedNames(given: readonly string[], sent: readonly string[]): string[] {
  const left = new Map<string, number>();
  for (const name of sent) left.set(name, (left.get(name) ?? 0) + 1);
  return given.filter((name) => {
    const count = left.get(name) ?? 0;
    if (count > 0) left.set(name, count - 1);
    return count === 0;
  });
}
