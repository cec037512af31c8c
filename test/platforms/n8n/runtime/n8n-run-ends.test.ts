import { AIMessage } from "@langchain/core/messages";
import { fakeModel } from "langchain";
import { describe, expect, test } from "vitest";
import { runAgent } from "../../../../src/replay/run-agent.js";
import { createTool } from "../../../../src/runtime/create-tools.js";
import { RunEndingFailure } from "../../../../src/runtime/run-ending-failure.js";
import type { ExecutableTool } from "../../../../src/runtime/tool-result.js";
import { AGENT_2, currentNode, legacyNode } from "../support/n8n-nodes.js";

/** The n8n node as a tool whose service answers `status`, recording the URLs it was sent. */
async function toolOf(node: Parameters<typeof createTool>[0], status = 200) {
  const urls: string[] = [];
  const fetch = async (input: string | URL | Request) => {
    urls.push(String(input));
    return Response.json({ id: 42 }, { status });
  };
  const [tool] = await createTool(node, { fetch });
  if (!tool) throw new Error("no tool was made");
  return { tool, urls };
}

const run = (model: ReturnType<typeof fakeModel>, tool: ExecutableTool) =>
  runAgent({ model, tools: [tool], messages: ["Get item 42"], snapshot: () => ({}) });

describe("a failure n8n ends the run with ends tooldeck's agent run too (issue 40)", () => {
  test("Agent 2.2's argument check stops the workflow after one model call; nothing is sent", async () => {
    const node = currentNode(
      { url: "=http://api.test/items/{{ $fromAI('id', '', 'number') }}" },
      { name: "get_item", agent: AGENT_2 },
    );
    const { tool, urls } = await toolOf(node);
    const model = fakeModel()
      .respondWithTools([{ name: "get_item", args: { id: "forty-two" }, id: "call_0" }])
      .respond(new AIMessage("never reached"));
    const failure = await run(model, tool).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RunEndingFailure);
    expect((failure as Error).message).toMatch(
      /^the n8n workflow stops: Received tool input did not match expected schema\n\n✖ Expected number, received string/,
    );
    expect(model.calls).toHaveLength(1);
    expect(urls).toEqual([]);
  });

  test("On Error = Stop Workflow: a 404 ends the run after one model call", async () => {
    const node = currentNode(
      { url: "=http://api.test/items/{{ $fromAI('id') }}" },
      { name: "get_item", onError: "stopWorkflow" },
    );
    const { tool, urls } = await toolOf(node, 404);
    const model = fakeModel()
      .respondWithTools([{ name: "get_item", args: { id: "42" }, id: "call_0" }])
      .respond(new AIMessage("never reached"));
    await expect(run(model, tool)).rejects.toThrow(/^the n8n workflow stops: /);
    expect(model.calls).toHaveLength(1);
    expect(urls).toEqual(["http://api.test/items/42"]);
  });

  test("a legacy node set up as n8n refuses fails the agent before its first model call", async () => {
    const parameters = {
      url: "http://api.test/items/{id}",
      toolDescription: "Get an item",
      authentication: "genericCredentialType",
      genericAuthType: "httpBearerAuth",
    };
    const { tool, urls } = await toolOf(legacyNode(parameters));
    expect(tool.setupFailure).toBe("Error in sub-node get_item: The type httpBearerAuth is not supported");
    const model = fakeModel().respondWithTools([{ name: "get_item", args: { id: "42" }, id: "call_0" }]);
    await expect(run(model, tool)).rejects.toThrow(
      "Error in sub-node get_item: The type httpBearerAuth is not supported",
    );
    expect(model.calls).toHaveLength(0);
    expect(urls).toEqual([]);
  });

  test("a single call shows the setup failure in n8n's words, not as 'not reproduced'", async () => {
    const parameters = {
      url: "http://api.test/items/{id}",
      toolDescription: "Get an item",
      authentication: "genericCredentialType",
      genericAuthType: "httpBearerAuth",
    };
    const { tool } = await toolOf(legacyNode(parameters));
    expect(await tool.invoke({ id: "42" })).toEqual({
      ok: false,
      output: "Error in sub-node get_item: The type httpBearerAuth is not supported",
      error:
        "the n8n agent fails before any model call: Error in sub-node get_item: The type httpBearerAuth is not supported",
      endsRun: true,
    });
  });
});
