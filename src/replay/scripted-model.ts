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
    else
      model.respondWithTools(
        turn.calls.map((call, n) => ({ name: call.tool, args: call.args, id: `call_${index + 1}_${n + 1}` })),
      );
  });
  model.respond(
    new Error(`the scripted model has only ${turns.length} turns, and the agent asked for another`),
  );
  return model;
}
