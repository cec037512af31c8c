import { AIMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import type { ScriptedTurn } from "./scenario-schema.js";

/**
 * A `fakeModel()` that plays the script: each turn either calls tools (ids `call_<turn>_<n>`) or answers.
 * A model asked for more turns than scripted fails with a message saying so.
 */
export function scriptedModel(turns: readonly ScriptedTurn[]) {
  const model = fakeModel();
  turns.forEach((turn, index) => {
    model.respond(scriptedMessage(turn, index));
  });
  model.respond(new Error(scriptEndMessage(turns.length)));
  return model;
}

/**
 * The AI message of a script's turn (0-based `index`): its tool calls, ids `call_<turn>_<n>`, or its answer.
 * The provider emulators answer with it too, in each provider's format.
 */
export function scriptedMessage(turn: ScriptedTurn, index: number): AIMessage {
  if ("answer" in turn) return new AIMessage(turn.answer);
  // Not respondWithTools: it fills the message's content with every earlier message's text, which
  // grows exponentially over a long script.
  const toolCalls = turn.calls.map((call, n) => ({
    name: call.tool,
    args: call.args,
    id: `call_${index + 1}_${n + 1}`,
    type: "tool_call" as const,
  }));
  return new AIMessage({ content: "", tool_calls: toolCalls });
}

/** What a scripted model says when asked for a turn past its script's end. */
export function scriptEndMessage(turns: number): string {
  return `the scripted model has only ${turns} turns, and the agent asked for another`;
}
