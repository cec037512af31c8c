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
    if ("answer" in turn) model.respond(new AIMessage(turn.answer));
    else {
      // Not respondWithTools: it fills the message's content with every earlier message's text, which
      // grows exponentially over a long script.
      const toolCalls = turn.calls.map((call, n) => ({
        name: call.tool,
        args: call.args,
        id: `call_${index + 1}_${n + 1}`,
        type: "tool_call" as const,
      }));
      model.respond(new AIMessage({ content: "", tool_calls: toolCalls }));
    }
  });
  model.respond(
    new Error(`the scripted model has only ${turns.length} turns, and the agent asked for another`),
  );
  return model;
}
