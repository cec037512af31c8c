import { describe, expect, test } from "vitest";
import { loadConfigDocument, loadConfigValue } from "../../../../src/config/load-config-document.js";
import { emptyLoadResult, type LoadResult } from "../../../../src/config/load-result.js";
import { createLoadSink } from "../../../../src/config/load-sink.js";
import { loadToolConfigs } from "../../../../src/config/load-tool-configs.js";
import { parseBounded } from "../../../../src/project-files/parse-bounded.js";

/**
 * The app DSL loader (reference/dify-tools.md facts 1–19, 76–78, 92–95; docs/dify.md): what each node
 * becomes, and Dify's import checks as load errors with Dify's texts.
 */

const HTTP = {
  title: "Update Event",
  type: "http-request",
  method: "PUT",
  url: "{{#env.base_url#}}/events",
  headers: "",
  params: "",
  authorization: { type: "no-auth", config: null },
  body: { type: "none", data: [] },
};

function node(id: string, data: Record<string, unknown>) {
  return { id, data, type: "custom", position: { x: 0, y: 0 } };
}

function app(nodes: unknown[], extra: Record<string, unknown> = {}, mode = "workflow") {
  return {
    version: "0.3.0",
    kind: "app",
    app: { name: "Events", mode },
    workflow: { environment_variables: [], graph: { nodes, edges: [] } },
    ...extra,
  };
}

function load(value: unknown): LoadResult {
  const result = emptyLoadResult();
  loadConfigValue(value, "", createLoadSink(result, "app.yml"));
  return result;
}

function loadYaml(text: string): LoadResult {
  const result = emptyLoadResult();
  loadConfigDocument(parseBounded(text, "yaml"), createLoadSink(result, "app.yml"));
  return result;
}

/** A field of the first tool's config. */
function fieldOf(result: LoadResult, key: string): unknown {
  return (result.tools[0]?.config as Record<string, unknown> | undefined)?.[key];
}

const messages = (issues: readonly { path: string; message: string }[] | undefined) =>
  (issues ?? []).map((issue) => `${issue.path}: ${issue.message}`);

describe("HTTP Request nodes (facts 10–14)", () => {
  test("a node becomes a dify-http-request config at its data, its method in lower case (fact 10)", () => {
    const result = load(app([node("1733", { ...HTTP, desc: "Update an event" })]));
    expect(messages(result.errors)).toEqual([]);
    expect(result.tools).toEqual([
      {
        config: {
          kind: "dify-http-request",
          name: "Update Event",
          node: "1733",
          desc: "Update an event",
          method: "put",
          url: "{{#env.base_url#}}/events",
          headers: "",
          params: "",
          authorization: { type: "no-auth" },
          body: { type: "none", data: [] },
          timeout: {},
          retry_config: { retry_enabled: false, max_retries: 0, retry_interval: 0 },
        },
        source: { file: "app.yml", path: "workflow.graph.nodes[0].data", format: "dify" },
      },
    ]);
  });

  test("a DSL 0.1.0 string body is one text item, an empty one none (fact 12)", () => {
    const result = load(
      app([
        node("a", { ...HTTP, title: "A", body: { type: "json", data: '{"q": "{{#start.q#}}"}' } }),
        node("b", { ...HTTP, title: "B", body: { type: "none", data: "" } }),
        node("c", { ...HTTP, title: "C", body: null }),
      ]),
    );
    expect(result.tools.map((tool) => (tool.config as { body: unknown }).body)).toEqual([
      { type: "json", data: [{ key: "", type: "text", value: '{"q": "{{#start.q#}}"}' }] },
      { type: "none", data: [] },
      { type: "none", data: [] },
    ]);
  });

  test("body items keep Dify's keys, not the editor's (an item's id)", () => {
    const body = {
      type: "form-data",
      data: [
        { id: "key-value-1", key: "name", type: "text", value: "{{#start.name#}}" },
        { id: "key-value-2", key: "photo", type: "file", value: "", file: ["start", "photo"] },
      ],
    };
    expect(fieldOf(load(app([node("a", { ...HTTP, body })])), "body")).toEqual({
      type: "form-data",
      data: [
        { key: "name", type: "text", value: "{{#start.name#}}" },
        { key: "photo", type: "file", value: "", file: ["start", "photo"] },
      ],
    });
  });

  test("timeouts without the editor's max_* keys, a string retry_interval as its number (facts 8, 13)", () => {
    const [tool] = load(
      app([
        node("a", {
          ...HTTP,
          timeout: { connect: 300, read: 300, write: null, max_connect_timeout: 0, max_read_timeout: 0 },
          retry_config: { retry_enabled: true, max_retries: 3, retry_interval: "1000" },
          ssl_verify: true,
          error_strategy: "fail-branch",
        }),
      ]),
    ).tools;
    expect(tool?.config).toMatchObject({
      timeout: { connect: 300, read: 300 },
      retry_config: { retry_enabled: true, max_retries: 3, retry_interval: 1000 },
      ssl_verify: true,
      error_strategy: "fail-branch",
    });
  });

  test("Dify's own fixture's retry_config shape: read as Dify reads it (its keys ignored), with a warning (fact 8)", () => {
    const retry = {
      enabled: true,
      max_retries: 1,
      retry_interval: 1000,
      exponential_backoff: { enabled: false },
    };
    const result = load(app([node("a", { ...HTTP, retry_config: retry })]));
    expect(fieldOf(result, "retry_config")).toEqual({
      retry_enabled: false,
      max_retries: 1,
      retry_interval: 1000,
    });
    expect(messages(result.warnings)).toEqual([
      "workflow.graph.nodes[0].data.retry_config: enabled, exponential_backoff: not Dify's retry fields (retry_enabled, max_retries, retry_interval); Dify ignores them, so retry is off",
    ]);
  });

  test("an api-key authorization: its config read, an empty header left to Dify's default (fact 11)", () => {
    const authorization = {
      type: "api-key",
      config: { type: "bearer", api_key: "{{#env.token#}}", header: "" },
    };
    expect(fieldOf(load(app([node("a", { ...HTTP, authorization })])), "authorization")).toEqual({
      type: "api-key",
      config: { type: "bearer", api_key: "{{#env.token#}}" },
    });
  });

  test("an api-key authorization without config: Dify's error, the node not loaded (fact 11)", () => {
    const result = load(app([node("a", { ...HTTP, authorization: { type: "api-key", config: null } })]));
    expect(result.tools).toEqual([]);
    expect(messages(result.errors)).toEqual([
      'workflow.graph.nodes[0].data.authorization.config: config should be a dict (the HTTP Request node "Update Event" is not loaded)',
    ]);
  });

  test.each([
    ["method", { method: "TRACE" }],
    ["url", { url: 42 }],
    ["headers", { headers: ["Accept: x"] }],
    ["body.type", { body: { type: "graphql", data: [] } }],
    ["timeout.connect", { timeout: { connect: "ten" } }],
    ["retry_config.max_retries", { retry_config: { retry_enabled: true, max_retries: "three" } }],
    ["ssl_verify", { ssl_verify: "yes" }],
    ["error_strategy", { error_strategy: "ignore" }],
  ])("a wrong %s: an error at data.<field>, that node skipped, the others loaded", (field, change) => {
    const result = load(app([node("bad", { ...HTTP, ...change }), node("good", { ...HTTP, title: "Good" })]));
    expect(result.tools.map((tool) => tool.config.name)).toEqual(["Good"]);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]?.path).toBe(`workflow.graph.nodes[0].data.${field}`);
    expect(result.errors[0]?.message).toMatch(/\(the HTTP Request node "Update Event" is not loaded\)$/);
  });

  test("the graph's declared types of the node's variables, and whether another node reads its status_code", () => {
    const result = load(
      app([
        node("start", {
          type: "start",
          title: "Start",
          variables: [
            { variable: "page", type: "number" },
            { variable: "city", type: "text-input" },
            { variable: "kind", type: "select", options: ["a", "b"] },
            { variable: "note", type: "select", options: ['say "hi"'] },
            { variable: "flag", type: "select", options: ["false", "true"] },
          ],
        }),
        node("code", {
          type: "code",
          title: "Code",
          outputs: {
            body_json: { type: "string" },
            rows: { type: "array[object]" },
            unused: { type: "number" },
          },
        }),
        node("http", {
          ...HTTP,
          url: "https://api.example.test/items/{{#start.page#}}",
          params:
            "city:{{#start.city#}}\nkind:{{#start.kind#}}\nnote:{{#start.note#}}\nflag:{{#start.flag#}}",
          body: {
            type: "json",
            data: [{ value: '{"a": {{#code.body_json#}}, "r": {{#code.rows#}}, "q": "{{#sys.query#}}"}' }],
          },
        }),
        node("check", {
          type: "if-else",
          title: "OK?",
          cases: [{ conditions: [{ variable_selector: ["http", "status_code"], value: "200" }] }],
        }),
      ]),
    );
    expect(result.errors).toEqual([]);
    expect(fieldOf(result, "variableTypes")).toEqual({
      "start.page": "number",
      "start.city": "string",
      "start.kind": "choice",
      "start.note": "string",
      "start.flag": "choice-json",
      "code.body_json": "code-string",
      "code.rows": "array-python",
    });
    expect(fieldOf(result, "statusRead")).toBe(true);
  });

  test("a node whose status_code no other node reads, with no declared variable: neither field", () => {
    const result = load(app([node("http", { ...HTTP, url: "https://api.example.test/{{#sys.query#}}" })]));
    expect(fieldOf(result, "variableTypes")).toBeUndefined();
    expect(fieldOf(result, "statusRead")).toBeUndefined();
  });

  test("a node inside an iteration is read like the others; a custom-note node is skipped", () => {
    const inner = { ...node("inner", { ...HTTP, title: "Fetch", isInIteration: true }), parentId: "it" };
    const result = load(
      app([
        node("it", { title: "Iteration", type: "iteration" }),
        inner,
        { id: "note", type: "custom-note", data: { type: "" } },
      ]),
    );
    expect(messages(result.errors)).toEqual([]);
    expect(result.tools.map((tool) => tool.source.path)).toEqual(["workflow.graph.nodes[1].data"]);
  });
});

describe("Tool nodes and Agent nodes' tools (facts 15–19, 76–78)", () => {
  const apiTool = {
    title: "Make audio",
    type: "tool",
    provider_type: "api",
    provider_id: "5e6d7a7c-0000-4000-8000-000000000000",
    provider_name: "audioapi",
    tool_name: "generate-audio_post",
    tool_parameters: {
      text: { type: "mixed", value: "{{#llm.text#}}" },
      voice: "alex",
      speed: { type: "constant", value: null },
      source: { type: "variable", value: ["start", "q"] },
    },
  };

  test("a custom API Tool node is handed to the API tool linker (a note naming the files looked for, when none is beside the app)", () => {
    const result = load(app([node("t1", apiTool)]));
    expect(messages(result.errors)).toEqual([]);
    expect(messages(result.notes)).toEqual([
      'workflow.graph.nodes[0].data: custom tool provider "audioapi" (tool generate-audio_post): its OpenAPI document is not in the DSL; put it beside the app as audioapi.openapi.yaml, audioapi.openapi.yml, audioapi.openapi.json, audioapi.yaml, audioapi.yml, audioapi.json (not modelled without it)',
    ]);
  });

  test("a malformed tool parameter: an error at its path, the node not linked", () => {
    const result = load(
      app([node("t1", { ...apiTool, tool_parameters: { text: { type: "mixed", value: 5 } } })]),
    );
    expect(messages(result.errors)).toEqual([
      "workflow.graph.nodes[0].data.tool_parameters.text.value: a mixed value must be a string, received number",
    ]);
    expect(result.notes).toEqual([]);
  });

  test("builtin, plugin, workflow and MCP Tool nodes are notes, never silently dropped", () => {
    const result = load(
      app([
        node("a", {
          title: "JSON Parse",
          type: "tool",
          provider_type: "builtin",
          provider_name: "json",
          tool_name: "parse",
        }),
        node("b", {
          title: "MCP",
          type: "tool",
          provider_type: "mcp",
          provider_name: "amap",
          tool_name: "geo",
        }),
      ]),
    );
    expect(messages(result.notes)).toEqual([
      'workflow.graph.nodes[0].data: not modelled: the Tool node "JSON Parse" calls a builtin tool (json / parse); tooldeck models custom API tools (provider_type: api)',
      'workflow.graph.nodes[1].data: not modelled: the Tool node "MCP" calls a mcp tool (amap / geo); tooldeck models custom API tools (provider_type: api)',
    ]);
  });

  function agentNode(tools: unknown[], extra: Record<string, unknown> = {}) {
    return node("ag", {
      title: "Event Agent",
      type: "agent",
      agent_strategy_provider_name: "langgenius/agent/agent",
      agent_strategy_name: "function_calling",
      agent_parameters: {
        model: { type: "constant", value: { provider: "langgenius/anthropic/anthropic", model: "claude" } },
        maximum_iterations: { type: "constant", value: 5 },
        tools: { type: "constant", value: tools },
      },
      ...extra,
    });
  }

  const agentTool = (extra: Record<string, unknown> = {}) => ({
    enabled: true,
    type: "api",
    provider_name: "events",
    tool_name: "updateEvent",
    parameters: {
      id: { auto: 1, value: null },
      calendar: { auto: 0, value: { type: "constant", value: "work" } },
    },
    extra: { description: "Update an event by its id" },
    schemas: [],
    ...extra,
  });

  test("an Agent node's enabled API tools, disabled and builtin ones said as notes (fact 76)", () => {
    const result = load(
      app([
        agentNode([
          agentTool(),
          agentTool({ enabled: false, tool_name: "deleteEvent" }),
          {
            enabled: true,
            type: "builtin",
            provider_name: "time",
            tool_name: "current_time",
            parameters: {},
          },
        ]),
      ]),
    );
    expect(messages(result.errors)).toEqual([]);
    expect(messages(result.notes)).toEqual([
      'workflow.graph.nodes[0].data.agent_parameters.tools.value[0]: custom tool provider "events" (tool updateEvent): its OpenAPI document is not in the DSL; put it beside the app as events.openapi.yaml, events.openapi.yml, events.openapi.json, events.yaml, events.yml, events.json (not modelled without it)',
      'workflow.graph.nodes[0].data.agent_parameters.tools.value[1]: not modelled: the tool events / deleteEvent of the Agent "Event Agent" is disabled: Dify does not give it to the agent',
      'workflow.graph.nodes[0].data.agent_parameters.tools.value[2]: not modelled: the builtin tool time / current_time of the Agent "Event Agent"; tooldeck models custom API tools (type: api)',
    ]);
  });

  test("a third-party strategy's Agent node is a note; its tools are not read", () => {
    const result = load(
      app([agentNode([agentTool()], { agent_strategy_provider_name: "hjlarry/agent/mcp_agent" })]),
    );
    expect(messages(result.notes)).toEqual([
      'workflow.graph.nodes[0].data: not modelled: the Agent node "Event Agent" runs the strategy hjlarry/agent/mcp_agent (tooldeck reproduces langgenius/agent/agent); its 1 tool(s) are not read',
    ]);
  });

  test("an agent-chat app's tools are notes (fact 91)", () => {
    const result = load({
      version: "0.1.5",
      kind: "app",
      app: { name: "Helper", mode: "agent-chat" },
      model_config: {
        agent_mode: {
          enabled: true,
          tools: [
            { provider_type: "api", provider_id: "x", provider_name: "events", tool_name: "getEvents" },
          ],
        },
      },
    });
    expect(messages(result.errors)).toEqual([]);
    expect(messages(result.notes)).toEqual([
      "model_config.agent_mode.tools[0]: not modelled: the tool events / getEvents of this agent-chat app runs through Dify's agent-chat runner; tooldeck reads the tools of workflow and advanced-chat apps",
    ]);
  });
});

describe("environment variables", () => {
  test("non-secret values become tooldeck variables; a secret is never read, a note says how to give it", () => {
    const result = load(
      app([], {
        workflow: {
          environment_variables: [
            { name: "base_url", value: "http://localhost:5566", value_type: "string" },
            { name: "limit", value: 10, value_type: "number" },
            { name: "token", value: "sk-exported-secret", value_type: "secret" },
          ],
          graph: { nodes: [], edges: [] },
        },
      }),
    );
    expect(result.vars).toEqual({ base_url: "http://localhost:5566", limit: "10" });
    expect(JSON.stringify(result)).not.toContain("sk-exported-secret");
    expect(messages(result.notes)).toEqual([
      "workflow.environment_variables[2]: {{#env.token#}} is a secret environment variable: its value is not read from the export; give it with --secret token=…",
    ]);
  });

  test.each([
    [{ a: 1 }, "workflow.environment_variables: Runtime variables must be a list."],
    [["x"], "workflow.environment_variables[0]: Runtime variable must be a mapping."],
    [
      [{ value: "1" }],
      "workflow.environment_variables[0].name: Runtime variable name must be a non-empty string.",
    ],
  ])("graphon's checks of the list: %j", (variables, message) => {
    const result = load(app([], { workflow: { environment_variables: variables, graph: { nodes: [] } } }));
    expect(messages(result.errors)).toEqual([message]);
  });
});

describe("Dify's import checks (facts 92–95)", () => {
  test("version written as a YAML number: Dify's own error, the nodes still read", () => {
    const result = loadYaml(
      "version: 0.6\nkind: app\napp: {mode: workflow}\nworkflow:\n  graph:\n    nodes:\n    - id: a\n      data: {type: http-request, title: A, method: get, url: 'https://x'}\n",
    );
    expect(messages(result.errors)).toEqual([
      "version: Invalid version type, expected str, got <class 'float'>",
    ]);
    expect(result.tools).toHaveLength(1);
  });

  test.each([
    ["1", "version: Invalid version type, expected str, got <class 'int'>"],
    ["null", "version: Invalid version type, expected str, got <class 'NoneType'>"],
    ["'latest'", 'version: "latest" is not a DSL version: Dify fails the import'],
  ])("version: %s", (version, message) => {
    const result = loadYaml(
      `version: ${version}\nkind: app\napp: {mode: workflow}\nworkflow: {graph: {nodes: []}}\n`,
    );
    expect(messages(result.errors)).toEqual([message]);
  });

  test("a version newer than 0.6.0 is read with a warning, not refused; none is 0.1.0", () => {
    const newer = load({ ...app([node("a", HTTP)]), version: "0.7.0" });
    expect(messages(newer.warnings)).toEqual([
      "version: DSL 0.7.0 is newer than 0.6.0, the newest tooldeck knows: read as 0.6.0 (Dify asks to confirm such an import)",
    ]);
    expect(newer.tools).toHaveLength(1);
    const { version: _, ...unversioned } = app([node("a", HTTP)]);
    expect(messages(load(unversioned).warnings)).toEqual([]);
  });

  test.each([
    ["no app", { kind: "app", version: "0.3.0", workflow: {} }, "app: Missing app data in YAML content"],
    ["no mode", { kind: "app", app: { name: "x" }, workflow: {} }, "app.mode: loss app mode"],
    [
      "an unknown mode",
      { kind: "app", app: { mode: "pipeline" }, workflow: {} },
      "app.mode: invalid mode value pipeline (expected workflow, advanced-chat, agent-chat, chat, completion)",
    ],
    [
      "no workflow",
      { kind: "app", app: { mode: "advanced-chat" } },
      "workflow: Missing workflow data for workflow/advanced chat app",
    ],
    [
      "no model_config",
      { kind: "app", app: { mode: "agent-chat" } },
      "model_config: Missing model_config for chat/agent-chat/completion app",
    ],
    [
      "a graph that is not a mapping",
      { kind: "app", app: { mode: "workflow" }, workflow: { graph: [] } },
      "workflow.graph: Dify workflow app DSL must contain workflow.graph.",
    ],
    [
      "nodes that are not a list",
      { kind: "app", app: { mode: "workflow" }, workflow: { graph: { nodes: {} } } },
      "workflow.graph.nodes: Graph nodes must be a list.",
    ],
  ])("%s: Dify's message at its path", (_, value, message) => {
    const result = load(value);
    expect(messages(result.errors)).toEqual([message]);
    expect(result.tools).toEqual([]);
  });

  test("graphon's node and edge checks: each bad node skipped, the rest read", () => {
    const nodes = [
      node("a", HTTP),
      node("a", { ...HTTP, title: "Again" }),
      "text",
      { data: { type: "llm" } },
      { id: "b", data: "x" },
      { id: "c", data: { title: "No type" } },
    ];
    const edges = [{ id: "e1", source: "a", target: "zz" }, { id: "e2", source: 1, target: "a" }, "e3"];
    const result = load({ ...app([]), workflow: { graph: { nodes, edges } } });
    expect(messages(result.errors)).toEqual([
      "workflow.graph.nodes[1].id: Duplicate graph node id: a",
      "workflow.graph.nodes[2]: Graph node must be a mapping.",
      "workflow.graph.nodes[3].id: Graph node id must be a non-empty string.",
      "workflow.graph.nodes[4].data: Graph node data must be a mapping.",
      "workflow.graph.nodes[5].data.type: Graph node data.type must be a non-empty string.",
      "workflow.graph.edges[0]: Graph edge references an unknown node.",
      "workflow.graph.edges[1]: Graph edge source and target must be strings.",
      "workflow.graph.edges[2]: Graph edge must be a mapping.",
    ]);
    expect(result.tools.map((tool) => tool.config.name)).toEqual(["Update Event"]);
  });
});

describe("telling a Dify app apart", () => {
  test("kind: app is Dify's, not tooldeck's format; an app without kind is Dify's too (fact 92)", () => {
    const { kind: _, ...kindless } = app([node("a", HTTP)]);
    expect(load(kindless).tools.map((tool) => tool.source.format)).toEqual(["dify"]);
    expect(messages(load({ kind: "graphql", name: "x" }).errors)[0]).toMatch(/^kind: expected "request"/);
  });

  test("a folder: a Dify app .yml beside tooldeck YAML, each read by its own loader, secrets never read", () => {
    const result = loadToolConfigs(["fixtures/dify/load"]);
    expect(messages(result.errors)).toEqual([]);
    expect(
      result.tools.map(
        (tool) => `${tool.source.file} ${tool.source.format ?? "tooldeck"} ${tool.config.name}`,
      ),
    ).toEqual([
      "fixtures/dify/load/event-workflow.yml dify get_events",
      "fixtures/dify/load/event-workflow.yml dify update_event",
      "fixtures/dify/load/tooldeck-tools.yaml tooldeck list_events",
    ]);
    expect(result.vars).toEqual({ base_url: "http://localhost:5566" });
  });

  test("stdin: a Dify app read as YAML", () => {
    const text =
      "kind: app\nversion: '0.6.0'\napp: {mode: workflow}\nworkflow:\n  graph:\n    nodes:\n    - id: a\n      data: {type: http-request, title: A, method: GET, url: 'https://x'}\n";
    const result = loadToolConfigs(["-"], { stdin: text });
    expect(result.tools.map((tool) => `${tool.source.file} ${tool.config.name}`)).toEqual(["<stdin> A"]);
  });
});
