import { AIMessage } from "@langchain/core/messages";
import { fakeModel } from "langchain";
import { describe, expect, test } from "vitest";
import { runAgent } from "../../../../src/replay/run-agent.js";
import { itemTool } from "../support/item-tool.js";
import { AGENT_2, AGENT_3 } from "../support/n8n-nodes.js";

const MAX_ITERATIONS =
  "Max iterations (10) reached. The agent could not complete the task within the allowed number of iterations.";

const run = (model: ReturnType<typeof fakeModel>, tool: Awaited<ReturnType<typeof itemTool>>["tool"]) =>
  runAgent({ model, tools: [tool], messages: ["Get item 42"], snapshot: () => ({}) });

describe("n8n's Agent 3.x loop (reference facts 37, 38)", () => {
  test("a call of an unknown tool is dropped and the model asked again with the same messages", async () => {
    const { tool, urls } = await itemTool(AGENT_3);
    const model = fakeModel()
      .respondWithTools([{ name: "get_itme", args: { id: "42" }, id: "call_0" }])
      .respondWithTools([{ name: "get_item", args: { id: "42" }, id: "call_1" }])
      .respond(new AIMessage("Item 42."));
    const result = await run(model, tool);
    expect(result.answer).toBe("Item 42.");
    expect(urls).toEqual(["http://api.test/items/42"]);
    expect(result.calls.map((call) => call.tool)).toEqual(["get_item"]);
    expect(model.calls[1]?.messages).toEqual(model.calls[0]?.messages);
  });

  test("a model that keeps calling an unknown tool ends the run after 10 iterations, nothing sent", async () => {
    const { tool, urls } = await itemTool(AGENT_3);
    let model = fakeModel();
    for (let turn = 0; turn < 12; turn++)
      model = model.respondWithTools([{ name: "get_itme", args: { id: "42" }, id: `call_${turn}` }]);
    await expect(run(model, tool)).rejects.toThrow(MAX_ITERATIONS);
    expect(model.calls).toHaveLength(10);
    expect(urls).toEqual([]);
  });

  test("arguments that are not JSON stop the agent", async () => {
    const { tool, urls } = await itemTool(AGENT_3);
    const model = fakeModel().respond(
      new AIMessage({
        content: "",
        invalid_tool_calls: [{ name: "get_item", args: '{"id": 42', id: "call_0", error: "bad JSON" }],
      }),
    );
    await expect(run(model, tool)).rejects.toThrow("Model output doesn't fit required format");
    expect(urls).toEqual([]);
  });

  test("Agent 2.2's tools carry no such loop", async () => {
    const { tool } = await itemTool(AGENT_2);
    expect(tool.agentLoop).toBeUndefined();
    expect((await itemTool(AGENT_3)).tool.agentLoop?.maxIterations).toBe(10);
  });
});
