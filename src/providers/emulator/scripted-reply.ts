import type { AIMessage } from "@langchain/core/messages";
import type { ScriptedTurn } from "../../replay/scenario-schema.js";
import { scriptEndMessage, scriptedMessage } from "../../replay/scripted-model.js";

/** A model turn the emulator answers with: the scripted model's message, or why there is none. */
export type ScriptedReply = { ok: true; message: AIMessage } | { ok: false; message: string };

/**
 * The scripted model's turn after `turnsSoFar` model turns of the conversation (the script is read by the
 * request, not by a counter: the emulator keeps no state). Without a script, the answer says the provider
 * took the tools.
 */
export function scriptedReply(
  script: readonly ScriptedTurn[] | undefined,
  turnsSoFar: number,
  accepted: string,
): ScriptedReply {
  if (script === undefined) return { ok: true, message: scriptedMessage({ answer: accepted }, turnsSoFar) };
  const turn = script[turnsSoFar];
  if (turn === undefined) return { ok: false, message: scriptEndMessage(script.length) };
  return { ok: true, message: scriptedMessage(turn, turnsSoFar) };
}

/** The text of an AI message's content (string, or its text blocks). */
export function textOf(message: AIMessage): string {
  if (typeof message.content === "string") return message.content;
  return message.content
    .map((block) => ("text" in block && typeof block.text === "string" ? block.text : ""))
    .join("");
}

/** `n tools` / `1 tool`, for the default answer. */
export function acceptedText(provider: string, tools: number): string {
  return `The ${provider} emulator accepted the request's ${tools} ${tools === 1 ? "tool" : "tools"}.`;
}
