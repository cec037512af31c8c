import { AIMessage } from "@langchain/core/messages";
import { fakeModel } from "langchain";
import { expect, test } from "vitest";
import { runAgent } from "../../src/replay/run-agent.js";
import { RunEndingFailure } from "../../src/runtime/run-ending-failure.js";
import type { ExecutableTool } from "../../src/runtime/tool-result.js";

/** A tool whose call throws what its platform ends the run with (a Flowise Agentflow V2 Custom Tool). */
const throwing: ExecutableTool = {
  name: "boom",
  description: "Use this to fail",
  inputSchema: { type: "object", properties: {} },
  invoke: async () => {
    throw new RunEndingFailure("NodeVM Execution Error: Error: boom");
  },
};

test("a tool call that throws a RunEndingFailure ends the run: the model is not asked again", async () => {
  const model = fakeModel()
    .respondWithTools([{ name: "boom", args: {}, id: "call_0" }])
    .respond(new AIMessage("never reached"));
  const run = runAgent({ model, tools: [throwing], messages: ["go"], snapshot: () => ({}) });
  const failure = await run.catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(RunEndingFailure);
  expect((failure as Error).message).toBe("NodeVM Execution Error: Error: boom");
  expect(model.calls).toHaveLength(1);
});

test("any other error of a tool is still the model's to see, as LangChain's tool node makes it", async () => {
  const failing: ExecutableTool = {
    ...throwing,
    invoke: async () => {
      throw new Error("plain");
    },
  };
  const model = fakeModel()
    .respondWithTools([{ name: "boom", args: {}, id: "call_0" }])
    .respond(new AIMessage("done"));
  const run = await runAgent({ model, tools: [failing], messages: ["go"], snapshot: () => ({}) });
  expect(run.answer).toBe("done");
  expect(model.calls).toHaveLength(2);
});
