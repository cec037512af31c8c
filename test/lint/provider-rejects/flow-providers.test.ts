import { describe, expect, test } from "vitest";
import { loadToolConfigs } from "../../../src/config/load-tool-configs.js";
import { agentOf } from "../../../src/config/tool-agent.js";
import { packagePath } from "../../../src/package/package-root.js";
import { loadFlowiseFlow } from "../../../src/platforms/flowise/config/load-flowise-flow.js";

const REQUEST_NODE = {
  data: {
    name: "requestsGet",
    inputs: {
      requestsGetName: "get_events",
      requestsGetDescription: "Lists events",
      requestsGetUrl: "https://x.example.com/events",
    },
  },
};
const providersOf = (result: ReturnType<typeof loadFlowiseFlow>) =>
  result.tools.map((tool) => agentOf(tool.source).provider);

describe("the provider a flow says its agent's model is from", () => {
  test.each([
    ["chatAnthropic", "anthropic"],
    ["chatOpenAI", "openai"],
    ["azureChatOpenAI", "openai"],
    ["chatGoogleGenerativeAI", "gemini"],
    ["chatGoogleVertexAI", "vertex"],
    ["awsChatBedrock", "bedrock"],
  ])("a Flowise chatflow with a %s node: %s, the file still the agent", (model, provider) => {
    const result = loadFlowiseFlow(
      { nodes: [{ data: { name: model, category: "Chat Models" } }, REQUEST_NODE] },
      "f.json",
    );
    expect(result.tools.map((tool) => agentOf(tool.source))).toEqual([
      { id: "f.json", label: "f.json", provider },
    ]);
  });

  test("a chatflow whose models are of two providers, or of one tooldeck has no profile for, says none", () => {
    const two = [{ data: { name: "chatOpenAI" } }, { data: { name: "chatAnthropic" } }, REQUEST_NODE];
    const ollama = [
      { data: { name: "chatOpenAI" } },
      { data: { name: "chatOllama", category: "Chat Models" } },
      REQUEST_NODE,
    ];
    expect(providersOf(loadFlowiseFlow({ nodes: two }, "f.json"))).toEqual([undefined]);
    expect(providersOf(loadFlowiseFlow({ nodes: ollama }, "f.json"))).toEqual([undefined]);
  });

  test("an n8n agent: the lmChat* node wired to it through ai_languageModel", () => {
    const loaded = loadToolConfigs([packagePath("fixtures", "real-repo", "n8n")]);
    const agents = new Map(
      loaded.tools.map((tool) => [agentOf(tool.source).label, agentOf(tool.source).provider]),
    );
    expect(agents.size).toBeGreaterThan(0);
    expect([...agents.values()].every((provider) => provider !== undefined)).toBe(true);
  });
});
