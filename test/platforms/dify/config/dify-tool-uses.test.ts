import { describe, expect, test } from "vitest";
import { emptyLoadResult } from "../../../../src/config/load-result.js";
import { createLoadSink } from "../../../../src/config/load-sink.js";
import { difyModelProvider } from "../../../../src/platforms/dify/config/dify-model-provider.js";
import type { DifyNode } from "../../../../src/platforms/dify/config/dify-node.js";
import { agentToolUse, difyAgentOf } from "../../../../src/platforms/dify/config/read-agent-node.js";
import { toolNodeUse } from "../../../../src/platforms/dify/config/read-tool-node.js";

/** What a Tool node and an Agent node's tool hand to the API tool linker (facts 15–18, 76–77, 82). */

function sinkOf() {
  const result = emptyLoadResult();
  return { result, sink: createLoadSink(result, "app.yml") };
}

function difyNode(data: Record<string, unknown>, index = 2): DifyNode {
  return {
    index,
    path: `workflow.graph.nodes[${index}]`,
    id: "n1",
    type: String(data.type),
    title: String(data.title),
    data,
  };
}

describe("a Tool node's use (fact 15)", () => {
  test("tool_parameters: legacy bare strings are mixed, nulls dropped, variables and constants kept", () => {
    const { result, sink } = sinkOf();
    const use = toolNodeUse(
      difyNode({
        title: "Make audio",
        type: "tool",
        provider_type: "api",
        provider_name: "audioapi",
        tool_name: "generate-audio_post",
        tool_parameters: {
          text: "{{#llm.text#}}",
          voice: { type: "mixed", value: "alex" },
          speed: { type: "constant", value: null },
          gain: null,
          count: { type: "constant", value: 2 },
          source: { type: "variable", value: ["start", "q"] },
          // As YAML or JSON gives it: an own key, which must stay one.
          ...JSON.parse('{"__proto__": {"type": "constant", "value": "x"}}'),
        },
      }),
      sink,
    );
    expect(result.errors).toEqual([]);
    expect(use).toEqual({
      providerName: "audioapi",
      toolName: "generate-audio_post",
      node: "n1",
      parameters: {
        text: { type: "mixed", value: "{{#llm.text#}}" },
        voice: { type: "mixed", value: "alex" },
        count: { type: "constant", value: 2 },
        source: { type: "variable", value: ["start", "q"] },
        ...JSON.parse('{"__proto__": {"type": "constant", "value": "x"}}'),
      },
    });
    expect(Object.keys(use?.parameters ?? {})).toContain("__proto__");
    expect(Object.getPrototypeOf(use?.parameters)).toBe(Object.prototype);
  });

  test.each([
    [
      { provider_name: "" },
      "workflow.graph.nodes[2].data.provider_name: expected the custom tool provider's name",
    ],
    [{ tool_name: 3 }, "workflow.graph.nodes[2].data.tool_name: expected the tool's name in its provider"],
    [
      { tool_parameters: "x" },
      "workflow.graph.nodes[2].data.tool_parameters: expected a mapping of parameters, received string",
    ],
    [
      { tool_parameters: { a: { type: "variable", value: "start.q" } } },
      "workflow.graph.nodes[2].data.tool_parameters.a.value: a variable value must be a list of strings (a selector)",
    ],
    [
      { tool_parameters: { a: { type: "env", value: "x" } } },
      'workflow.graph.nodes[2].data.tool_parameters.a.type: expected "mixed", "variable" or "constant"',
    ],
  ])("malformed %j: an error, no use", (change, message) => {
    const { result, sink } = sinkOf();
    const data = {
      title: "T",
      type: "tool",
      provider_type: "api",
      provider_name: "p",
      tool_name: "t",
      ...change,
    };
    expect(toolNodeUse(difyNode(data), sink)).toBeUndefined();
    expect(result.errors.map((error) => `${error.path}: ${error.message}`)).toEqual([message]);
  });
});

describe("an Agent node (facts 17–18, 76–77, 82)", () => {
  const agentData = (parameters: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
    title: "Event Agent",
    type: "agent",
    agent_strategy_provider_name: "langgenius/agent/agent",
    agent_strategy_name: "function_calling",
    agent_parameters: parameters,
    ...extra,
  });

  test("its Dify agent and tooldeck agent: id file#path, label file › title, provider from its model", () => {
    const { result, sink } = sinkOf();
    const parameters = {
      model: { type: "constant", value: { provider: "langgenius/openai/openai", model: "gpt-4o-mini" } },
      maximum_iterations: { type: "constant", value: 5 },
    };
    expect(difyAgentOf(difyNode(agentData(parameters), 1), parameters, sink)).toEqual({
      agent: {
        node: "n1",
        title: "Event Agent",
        strategyProvider: "langgenius/agent/agent",
        strategy: "function_calling",
        maximumIterations: 5,
      },
      toolAgent: {
        id: "app.yml#workflow.graph.nodes[1]",
        label: "app.yml › Event Agent",
        provider: "openai",
      },
    });
    expect(result.errors).toEqual([]);
  });

  test("maximum_iterations: default 3; a text number read; anything else an error, read as 3", () => {
    const { result, sink } = sinkOf();
    const iterations = (value: unknown) =>
      difyAgentOf(
        difyNode(agentData({})),
        value === undefined ? {} : { maximum_iterations: { type: "constant", value } },
        sink,
      ).agent.maximumIterations;
    expect([iterations(undefined), iterations("7"), iterations(0), iterations("many")]).toEqual([3, 7, 3, 3]);
    expect(result.errors.map((error) => error.message)).toEqual([
      "expected a whole number of iterations of 1 or more, received number: read as 3, the strategy's default",
      "expected a whole number of iterations of 1 or more, received string: read as 3, the strategy's default",
    ]);
  });

  test("an API tool: auto 0 parameters are the fixed values, auto 1 the model's; extra.description kept", () => {
    const { result, sink } = sinkOf();
    const agent = difyAgentOf(difyNode(agentData({})), {}, sink).agent;
    const use = agentToolUse(
      {
        enabled: true,
        type: "api",
        provider_name: "events",
        tool_name: "updateEvent",
        parameters: {
          id: { auto: 1, value: null },
          calendar: { auto: 0, value: { type: "constant", value: "work" } },
          owner: { auto: 0, value: { type: "mixed", value: "{{#sys.user_id#}}" } },
          unset: { auto: 0, value: null },
        },
        extra: { description: "Update an event by its id" },
      },
      "x",
      agent,
      sink,
    );
    expect(result.errors).toEqual([]);
    expect(use).toEqual({
      providerName: "events",
      toolName: "updateEvent",
      parameters: {
        calendar: { type: "constant", value: "work" },
        owner: { type: "mixed", value: "{{#sys.user_id#}}" },
      },
      description: "Update an event by its id",
      agent,
    });
  });

  test("an empty extra.description leaves the tool's own (fact 77)", () => {
    const { sink } = sinkOf();
    const agent = difyAgentOf(difyNode(agentData({})), {}, sink).agent;
    const tool = {
      enabled: true,
      type: "api",
      provider_name: "e",
      tool_name: "t",
      extra: { description: " " },
    };
    expect(agentToolUse(tool, "x", agent, sink)).not.toHaveProperty("description");
  });

  test.each([
    ["openai", "openai"],
    ["langgenius/openai/openai", "openai"],
    ["langgenius/azure_openai/azure_openai", "openai"],
    ["langgenius/anthropic/anthropic", "anthropic"],
    ["langgenius/gemini/google", "gemini"],
    ["langgenius/vertex_ai/vertex_ai", "vertex"],
    ["langgenius/bedrock/bedrock", "bedrock"],
    ["langgenius/deepseek/deepseek", undefined],
    ["langgenius/tongyi/tongyi", undefined],
  ])("the model provider %s is %s", (provider, expected) => {
    expect(difyModelProvider({ type: "constant", value: { provider } })).toBe(expected);
  });
});
