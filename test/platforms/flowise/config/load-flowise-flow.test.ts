import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { formatConfigIssue } from "../../../../src/config/config-issue.js";
import { loadToolConfigs } from "../../../../src/config/load-tool-configs.js";
import { packagePath } from "../../../../src/package/package-root.js";
import { loadFlowiseFlow } from "../../../../src/platforms/flowise/config/load-flowise-flow.js";
import { UNTOUCHED_HTTP_INPUTS, untouchedHttpConfig } from "../../../support/flowise-http-node.js";
import { tutorialToolsInAgentflow } from "../../../support/tutorial-tools.js";

const agentToolPath = (node: number, tool: number) =>
  `nodes[${node}].data.inputs.agentTools[${tool}].agentSelectedToolConfig`;

describe("the shapes Flowise's exports hold (written after its marketplace flows)", () => {
  const toolkitWithoutFile = {
    yamlFile: "",
    returnDirect: "",
    headers: "",
    removeNulls: "",
    customCode: "return '';",
    agentSelectedTool: "openAPIToolkit",
  };
  const NO_FILE = 'no OpenAPI file: Flowise fails with "Failed to load OpenAPI spec"';

  test("an Agent node's OpenAPI toolkit without a file (v2.0's empty yamlFile): a warning, no tool", () => {
    const agent = {
      data: {
        name: "agentAgentflow",
        inputs: {
          agentTools: [{ agentSelectedTool: "openAPIToolkit", agentSelectedToolConfig: toolkitWithoutFile }],
        },
      },
    };
    const result = loadFlowiseFlow(
      { nodes: [{ data: { name: "startAgentflow", inputs: {} } }, agent] },
      "f.json",
    );
    expect(result.tools).toEqual([]);
    expect(result.errors).toEqual([]);
    expect(result.skipped).toEqual([]);
    expect(result.warnings.map(formatConfigIssue)).toEqual([
      `f.json: ${agentToolPath(1, 0)}.yamlFile: ${NO_FILE}`,
    ]);
  });

  test("a chatflow's OpenAPI toolkit node whose file the export left out: a warning, no tool", () => {
    const { yamlFile: _left, agentSelectedTool: _v2, ...inputs } = toolkitWithoutFile;
    const nodes = [
      { data: { name: "toolAgent", inputs: { tools: ["{{openAPIToolkit_0}}"], maxIterations: "" } } },
      { data: { name: "openAPIToolkit", inputs } },
    ];
    const result = loadFlowiseFlow({ nodes }, "f.json");
    expect(result.tools).toEqual([]);
    expect(result.errors).toEqual([]);
    expect(result.warnings.map(formatConfigIssue)).toEqual([
      `f.json: nodes[1].data.inputs.yamlFile: ${NO_FILE}`,
    ]);
  });

  test("a toolkit node with its uploaded file becomes an openapi-toolkit config (the data URL kept)", () => {
    const openApiFile = `data:application/x-yaml;base64,${Buffer.from("openapi: 3.0.0").toString("base64")},filename:api.yaml`;
    const flow = {
      nodes: [
        {
          data: {
            name: "openAPIToolkit",
            inputs: {
              inputType: "file",
              openApiFile,
              returnDirect: "",
              headers: '{"X-Key":"{{$vars.k}}"}',
              selectedEndpoints: '["listEvents"]',
              removeNulls: true,
              customCode: "",
            },
          },
        },
      ],
    };
    const result = loadFlowiseFlow(flow, "f");
    expect(result.tools.map((tool) => tool.config)).toEqual([
      {
        kind: "openapi-toolkit",
        spec: openApiFile,
        returnDirect: false,
        headers: { "X-Key": "{{$vars.k}}" },
        removeNulls: true,
        selectedEndpoints: ["listEvents"],
      },
    ]);
  });
});

describe("tooldeck's hand-written exports", () => {
  test("the agentflow loads to exactly the tools tools/ ships", () => {
    const result = loadToolConfigs([packagePath("fixtures", "flowise", "event-agent-agentflow.json")]);
    const shipped = loadToolConfigs([packagePath("tools")]);
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(result.tools.map((tool) => tool.config)).toEqual(
      tutorialToolsInAgentflow("{{$vars.base_url}}/events"),
    );
    const shippedRequestTools = shipped.tools.filter((tool) => tool.config.kind === "request");
    const withoutScope = result.tools.map(({ config }) => ({ ...config, flowiseVariables: undefined }));
    expect(withoutScope).toEqual(shippedRequestTools.map((tool) => tool.config));
  });

  test("the chatflow: a v2 Requests Get node and a legacy Requests Post node", () => {
    const result = loadToolConfigs(["fixtures/flowise/requests-chatflow.json"], { cwd: packagePath() });
    expect(result.errors).toEqual([]);
    expect(result.tools).toEqual([
      {
        config: {
          kind: "request",
          method: "GET",
          name: "find_events",
          description: "Use this when you need to execute a GET request to get data from a website.",
          url: "http://localhost:5566/events?limit=5&sort=date",
          headers: { Accept: "application/json" },
          flowiseVariables: { flow: "chatflow" },
        },
        source: {
          file: "fixtures/flowise/requests-chatflow.json",
          path: "nodes[1].data.inputs",
          format: "flowise",
        },
      },
      {
        config: {
          kind: "request",
          method: "POST",
          name: "requests_post",
          description: "Use this when you want to add an online event",
          url: "http://localhost:5566/events",
          headers: {},
          body: { location: "Online" },
          maxOutputLength: 500,
          flowiseVariables: { flow: "chatflow" },
        },
        source: {
          file: "fixtures/flowise/requests-chatflow.json",
          path: "nodes[2].data.inputs",
          format: "flowise",
        },
      },
    ]);
  });
});

describe("loadFlowiseFlow", () => {
  test("takes flowData as the JSON string a Flowise instance returns", () => {
    const flowData = readFileSync(packagePath("fixtures", "flowise", "event-agent-agentflow.json"), "utf8");
    const result = loadFlowiseFlow(flowData, "flowise:Event Agent");
    expect(result.tools.map((tool) => tool.config.name)).toEqual([
      "get_events",
      "create_event",
      "update_event",
      "delete_event",
    ]);
    expect(result.tools[0]?.source).toEqual({
      file: "flowise:Event Agent",
      path: agentToolPath(1, 0),
      format: "flowise",
      // The Agent node's agentModel (chatOpenAI) says which provider its tools are sent to.
      agent: {
        id: "flowise:Event Agent#nodes[1]",
        label: "flowise:Event Agent › Event Agent",
        provider: "openai",
      },
    });
  });

  test.each([
    [
      "a flow without nodes",
      { edges: [] },
      'flowise:x: expected a Flowise flow (an object with "nodes"), received object',
    ],
    ["null", null, 'flowise:x: expected a Flowise flow (an object with "nodes"), received null'],
  ])("%s is an error", (_label, flowData, error) => {
    expect(loadFlowiseFlow(flowData, "flowise:x").errors.map(formatConfigIssue)).toEqual([error]);
  });

  test("flowData that is not JSON is an error naming the label", () => {
    const [error] = loadFlowiseFlow("{nodes", "flowise:x").errors.map(formatConfigIssue);
    // The parser's own words vary with the Node version.
    expect(error).toMatch(/^flowise:x: invalid JSON \(Expected property name or '\}' in JSON at position 1/);
  });

  test("flowData text quoting a secret is not quoted back, and one nested 5,000 levels is refused", () => {
    const [quoted] = loadFlowiseFlow('{"nodes": [TOKEN=do-not-print-me]}', "flowise:x").errors.map(
      formatConfigIssue,
    );
    expect(quoted).toMatch(/^flowise:x: invalid JSON \(/);
    expect(quoted).not.toContain("do-not-print-me");
    const deep = `{"nodes":[${'{"a":'.repeat(5_000)}1${"}".repeat(5_000)}]}`;
    expect(loadFlowiseFlow(deep, "flowise:x").errors.map(formatConfigIssue)).toEqual([
      "flowise:x: invalid JSON (nested 100 levels deep or more)",
    ]);
  });

  const agent = (agentTools: unknown) => ({ data: { name: "agentAgentflow", inputs: { agentTools } } });
  const getTool = (name: string) => ({
    agentSelectedTool: "requestsGet",
    agentSelectedToolConfig: { requestsGetUrl: "http://x/events", requestsGetName: name },
  });

  test("two Agent nodes with tools of one name are two agents: both kept; one Agent's twice is reported", () => {
    const two = loadFlowiseFlow(
      { nodes: [agent([getTool("get_events")]), agent([getTool("get_events")])] },
      "f",
    );
    expect(two.errors).toEqual([]);
    expect(two.tools.map((tool) => tool.source.agent)).toEqual([
      { id: "f#nodes[0]", label: "f › nodes[0]" },
      { id: "f#nodes[1]", label: "f › nodes[1]" },
    ]);
    const once = loadFlowiseFlow({ nodes: [agent([getTool("get_events"), getTool("get_events")])] }, "f");
    expect(once.tools).toHaveLength(1);
    expect(once.errors.map(formatConfigIssue)).toEqual([
      `f: ${agentToolPath(0, 1)}: duplicate tool name "get_events" (first defined at f: ${agentToolPath(0, 0)})`,
    ]);
  });

  test("an Agent without tools, other tools, and a tool without config", () => {
    const result = loadFlowiseFlow(
      {
        nodes: [
          agent(""),
          agent([{ agentSelectedTool: "calculator", agentSelectedToolConfig: {} }, "junk"]),
          agent([{ agentSelectedTool: "requestsPut" }]),
          { data: { name: "chatOpenAI", inputs: { modelName: "gpt-4o-mini" } } },
        ],
      },
      "f",
    );
    expect(result.tools.map(({ config }) => [config.name, config.kind === "request" && config.url])).toEqual([
      ["requests_put", ""],
    ]);
    expect(result.errors).toEqual([]);
    expect(result.warnings.map(formatConfigIssue)).toEqual([
      `f: ${agentToolPath(2, 0)}.requestsPutUrl: no URL: Flowise fails every call with "URL is required for PUT request"`,
    ]);
    expect(result.skipped).toEqual([]);
  });

  test("a Tool node running an HTTP tool is skipped; one running another tool is ignored", () => {
    const toolNode = (tool: string) => ({
      data: {
        name: "toolAgentflow",
        inputs: { toolAgentflowSelectedTool: tool, toolAgentflowSelectedToolConfig: {} },
      },
    });
    const result = loadFlowiseFlow({ nodes: [toolNode("requestsGet"), toolNode("calculator")] }, "f");
    expect(result.tools).toEqual([]);
    expect(result.skipped.map(({ path, node, reason }) => ({ path, node, reason }))).toEqual([
      {
        path: "nodes[0].data.inputs",
        node: "toolAgentflow",
        reason:
          "Tool nodes (here running requestsGet) call with fixed arguments, not an LLM's; not modelled yet",
      },
    ]);
  });

  test("a node without data is an error; the other nodes still load", () => {
    const result = loadFlowiseFlow({ nodes: [{ id: "x" }, agent([getTool("a")])] }, "f");
    expect(result.errors.map(formatConfigIssue)).toEqual([
      "f: nodes[0].data: expected object, received undefined",
    ]);
    expect(result.tools.map((tool) => tool.config.name)).toEqual(["a"]);
  });
});

describe("Flowise HTTP nodes (httpAgentflow)", () => {
  const flow = (inputs: Record<string, unknown>) => ({
    nodes: [{ id: "httpAgentflow_3", data: { name: "httpAgentflow", inputs } }],
  });

  test("key/value lists (blank keys skipped, as Flowise skips them), body, response type; credential warned", () => {
    const result = loadFlowiseFlow(
      flow({
        credential: "0b6e2c1a-cred",
        method: "PATCH",
        url: " {{$vars.base_url}}/events/1 ",
        headers: [
          { key: "X-Trace", value: "{{$flow.state.trace}}" },
          { key: "", value: "ignored" },
        ],
        queryParams: '[{"key": "v", "value": "2"}]',
        bodyType: "json",
        body: '{"name": "Renamed"}',
        responseType: "text",
      }),
      "flow.json",
    );
    expect(result.errors).toEqual([]);
    expect(result.tools[0]?.config).toEqual({
      kind: "http",
      name: "httpAgentflow_3",
      description: "Send an HTTP request",
      method: "PATCH",
      url: "{{$vars.base_url}}/events/1",
      headers: [{ key: "X-Trace", value: "{{$flow.state.trace}}" }],
      queryParams: [{ key: "v", value: "2" }],
      bodyType: "json",
      body: '{"name": "Renamed"}',
      responseType: "text",
    });
    expect(result.warnings.map(formatConfigIssue)).toEqual([
      "flow.json: nodes[0].data.inputs.credential: the node's credential lives in Flowise's credential store and is not loaded; set credential with {{$vars…}} values",
    ]);
  });

  test("a node as the editor leaves it (empty strings, no URL): an http config, with a warning for the URL", () => {
    const result = loadFlowiseFlow(flow(UNTOUCHED_HTTP_INPUTS), "flow.json");
    expect(result.errors).toEqual([]);
    expect(result.tools.map((tool) => [tool.source.path, tool.config])).toEqual([
      ["nodes[0].data.inputs", untouchedHttpConfig("httpAgentflow_3")],
    ]);
    expect(result.warnings.map(formatConfigIssue)).toEqual([
      "flow.json: nodes[0].data.inputs.url: no URL: every run of this HTTP node fails",
    ]);
  });

  test.each([
    [
      "headers that are not a list",
      { url: "http://x", headers: 5 },
      "flow.json: nodes[0].data.inputs.headers: expected a list of {key, value}, received number",
    ],
    [
      "a form body that is not JSON",
      { url: "http://x", method: "POST", bodyType: "formData", body: "a=1" },
      "flow.json: nodes[0].data.inputs.body: expected a list of {key, value}, received text that is not JSON (JSON5: invalid character 'a' at 1:1)",
    ],
    [
      "an unknown method",
      { url: "http://x", method: "TRACE" },
      'flow.json: nodes[0].data.inputs.method: Invalid option: expected one of "GET"|"POST"|"PUT"|"PATCH"|"DELETE"',
    ],
  ])("%s is an error at its path", (_label, inputs, error) => {
    const result = loadFlowiseFlow(flow(inputs), "flow.json");
    expect(result.tools).toEqual([]);
    expect(result.errors.map(formatConfigIssue)).toEqual([error]);
  });
});
