import { AIMessage } from "@langchain/core/messages";
import { fakeModel } from "langchain";
import { describe, expect, test } from "vitest";
import { DifyAgentSchema } from "../../../../src/platforms/dify/config/dify-agent.js";
import { difyAgentLoop } from "../../../../src/platforms/dify/runtime/dify-agent-loop.js";
import { runAgent } from "../../../../src/replay/run-agent.js";
import type { ExecutableTool } from "../../../../src/runtime/tool-result.js";

/** A Dify tool that answers `event <id>` and logs when each call starts and ends. */
function eventTool(maximumIterations?: number, log: string[] = []): ExecutableTool {
  const agent = DifyAgentSchema.parse({ node: "1", title: "Agent", maximumIterations });
  return {
    name: "get_event",
    description: "Get an event",
    inputSchema: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
    agentLoop: difyAgentLoop(agent),
    async invoke(args) {
      const { id } = args as { id: string };
      log.push(`start ${id}`);
      // Yields to whatever else is running, so a call started at the same time would start here.
      for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve));
      log.push(`end ${id}`);
      return { ok: true, output: `event ${id}` };
    },
  };
}

const call = (id: string, name = "get_event") => ({ name, args: { id }, id: `call_${name}_${id}` });

const run = (model: ReturnType<typeof fakeModel>, tool: ExecutableTool) =>
  runAgent({ model, tools: [tool], messages: ["Get event 1"], snapshot: () => ({}) });

describe("Dify's function_calling loop (reference facts 82–89)", () => {
  test("fact 89: on the last of 3 rounds the calls are refused, the model is not asked again, and that round's text is the answer", async () => {
    const log: string[] = [];
    const model = fakeModel()
      .respondWithTools([call("1")])
      .respondWithTools([call("2")])
      .respond(new AIMessage({ content: "Let me look again.", tool_calls: [call("3")] }))
      .respond(new AIMessage("never asked"));
    const result = await run(model, eventTool(undefined, log));
    expect(model.calls).toHaveLength(3);
    expect(log).toEqual(["start 1", "end 1", "start 2", "end 2"]);
    expect(result.answer).toBe("Let me look again.");
    expect(result.calls.map((record) => record.output)).toEqual([
      "event 1",
      "event 2",
      "Maximum iteration limit (3) reached. Cannot call tool 'get_event'. Please consider increasing the iteration limit.",
    ]);
  });

  test("fact 89: with maximum_iterations 1 the tools run and the round's text, a line break and their results are the answer", async () => {
    const model = fakeModel()
      .respond(new AIMessage({ content: "Looking.", tool_calls: [call("1"), call("2")] }))
      .respond(new AIMessage("never asked"));
    const result = await run(model, eventTool(1));
    expect(model.calls).toHaveLength(1);
    expect(result.answer).toBe("Looking.\nevent 1event 2");
  });

  test("an answer without calls ends the loop before the limit, as in LangChain's", async () => {
    const model = fakeModel()
      .respondWithTools([call("1")])
      .respond(new AIMessage("Event 1 is at noon."));
    const result = await run(model, eventTool(5));
    expect(result.answer).toBe("Event 1 is at noon.");
    expect(model.calls).toHaveLength(2);
  });

  test("fact 85: a call of an unknown tool is answered with Dify's text, and the model reads it", async () => {
    const model = fakeModel()
      .respondWithTools([call("1", "get_evnt")])
      .respondWithTools([call("1")])
      .respond(new AIMessage("Found it."));
    const result = await run(model, eventTool());
    expect(result.calls.map((record) => [record.tool, record.output])).toEqual([
      ["get_evnt", "there is not a tool named get_evnt"],
      ["get_event", "event 1"],
    ]);
    expect(result.answer).toBe("Found it.");
  });

  test("fact 88: the calls of one answer run one after another, in order", async () => {
    const log: string[] = [];
    const model = fakeModel()
      .respondWithTools([call("1"), call("2")])
      .respond(new AIMessage("Both."));
    await run(model, eventTool(3, log));
    expect(log).toEqual(["start 1", "end 1", "start 2", "end 2"]);
  });

  test("fact 83: arguments that are not JSON stop the agent, naming the position Python's json stops at", async () => {
    const model = fakeModel().respond(
      new AIMessage({
        content: "",
        invalid_tool_calls: [{ name: "get_event", args: '{"id": 42', id: "call_0", error: "bad JSON" }],
      }),
    );
    await expect(run(model, eventTool())).rejects.toThrow(
      "Failed to parse tool-call arguments as JSON (error at position 9). This often happens when the model's output is truncated or malformed mid-generation.",
    );
  });

  test("fact 82: the strategy's default is 3 rounds", () => {
    expect(DifyAgentSchema.parse({ node: "1", title: "Agent" }).maximumIterations).toBe(3);
  });
});
