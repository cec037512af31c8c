import { ToolDeckError } from "../../errors.js";
import type { ScriptedTurn } from "../../replay/scenario-schema.js";
import { defaultJudge } from "./default-judge.js";
import { type EmulatedChatModel, emulatedChatModel } from "./emulated-chat-model.js";
import type { EmulatedProvider, ProviderJudge } from "./provider-emulator-options.js";

/** The provider emulated for each `provider:` of a `--model` (LangChain's initChatModel names). */
const EMULATED_BY_MODEL_PROVIDER: Readonly<Record<string, EmulatedProvider>> = {
  openai: "openai",
  anthropic: "anthropic",
  "google-genai": "gemini",
};

/**
 * `--model provider:model`'s real LangChain class against its provider's emulator, judged by the provider's
 * rules (`judgeOf`, default the provider gate's), its turns from `script` (`agent --emulate-provider`, a
 * scenario's `model.via`).
 * @example
 * const { model, close } = await modelAgainstEmulator("anthropic:claude-sonnet-4-5", script);
 */
export async function modelAgainstEmulator(
  spec: string,
  script: readonly ScriptedTurn[] | undefined,
  judgeOf: (provider: EmulatedProvider) => ProviderJudge = defaultJudge,
): Promise<EmulatedChatModel> {
  const index = spec.indexOf(":");
  const provider = EMULATED_BY_MODEL_PROVIDER[spec.slice(0, Math.max(index, 0))];
  if (index <= 0 || index === spec.length - 1 || provider === undefined) {
    const known = Object.keys(EMULATED_BY_MODEL_PROVIDER).join(", ");
    throw new ToolDeckError("usage", `an emulated model is ${known}:<model>, got '${spec}'`);
  }
  return emulatedChatModel(provider, spec.slice(index + 1), {
    judge: judgeOf(provider),
    ...(script ? { script } : {}),
  });
}
