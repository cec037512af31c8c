import { AIMessage } from "@langchain/core/messages";
import { fakeModel } from "langchain";
import { expect, test } from "vitest";
import { runAgent } from "../../../../src/replay/run-agent.js";
import { createTool } from "../../../../src/runtime/create-tools.js";
import { itemTool } from "../support/item-tool.js";
import { AGENT_2, AGENT_3, currentNode } from "../support/n8n-nodes.js";

async function converse(agent: typeof AGENT_3) {
  const { tool, urls } = await itemTool(agent);
  const model = fakeModel()
    .respondWithTools([{ name: "get_item", args: { id: "42", extra: "e" }, id: "call_C01_0_0" }])
    .respond(new AIMessage("Item 42."));
  const run = await runAgent({
    model,
    tools: [tool],
    messages: ["Get item 42"],
    snapshot: () => ({}),
  });
  const replayed = model.calls[1]?.messages.find((message) => AIMessage.isInstance(message)) as
    | AIMessage
    | undefined;
  return { urls, run, replayedArgs: replayed?.tool_calls?.[0]?.args };
}

test("Agent 3.x replays a call with its id written over the model's id argument (reference fact 36)", async () => {
  const { urls, run, replayedArgs } = await converse(AGENT_3);
  expect(urls).toEqual(["http://api.test/items/42"]);
  expect(replayedArgs).toEqual({ id: "call_C01_0_0", extra: "e" });
  expect(run.calls.map((call) => call.args)).toEqual([{ id: "42", extra: "e" }]);
});

test("Agent 2.2 replays the model's own arguments (reference fact 36)", async () => {
  const { replayedArgs } = await converse(AGENT_2);
  expect(replayedArgs).toEqual({ id: "42", extra: "e" });
});

test("Agent 3.x runs every call of a turn and replays parallel calls as consecutive assistant/tool pairs with empty content (reference facts 34, 35)", async () => {
  const fetch = async (input: string | URL | Request) => Response.json({ url: String(input) });
  const [tool] = await createTool(
    currentNode({ url: "=http://api.test/items/{{ $fromAI('id') }}" }, { name: "get_item" }),
    { fetch },
  );
  const model = fakeModel()
    .respondWithTools([
      { name: "get_item", args: { id: "1" }, id: "call_a" },
      { name: "get_item", args: { id: "2" }, id: "call_b" },
    ])
    .respond(new AIMessage("Both."));
  const run = await runAgent({
    model,
    tools: tool ? [tool] : [],
    messages: ["Get items 1 and 2"],
    snapshot: () => ({}),
  });
  const seen = (model.calls[1]?.messages ?? []).map((message) =>
    AIMessage.isInstance(message)
      ? `ai ${JSON.stringify(message.content)} ${JSON.stringify(message.tool_calls?.map((call) => call.args))}`
      : `${message.getType()} ${String(message.content)}`,
  );
  expect(seen).toEqual([
    "human Get items 1 and 2",
    'ai [] [{"id":"call_a"}]',
    'tool [{"url":"http://api.test/items/1"}]',
    'ai [] [{"id":"call_b"}]',
    'tool [{"url":"http://api.test/items/2"}]',
  ]);
  expect(run.calls.map((call) => call.args)).toEqual([{ id: "1" }, { id: "2" }]);
});
