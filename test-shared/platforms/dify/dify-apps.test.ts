import { describe, expect, test } from "vitest";
import type { LoadResult } from "../../../src/config/load-result.js";
import { loadToolConfigs } from "../../../src/config/load-tool-configs.js";
import { findSharedFixtures, sharedFixture } from "../../support/shared-fixture.js";

/**
 * The nine real Dify app DSL files of shared/fixtures/dify/ (README there): what tooldeck loads of each
 * (its HTTP Request nodes as tools: name, method, URL), what it says it does not model (notes), the
 * warnings and errors, and the environment variables it reads (reference/dify-tools.md, facts cited).
 */

function loadApp(file: string): LoadResult {
  const path = sharedFixture("dify", file);
  return loadToolConfigs([path], { roots: [`${findSharedFixtures()}/dify`] });
}

const lines = (issues: LoadResult["errors"] | undefined) =>
  (issues ?? []).map((issue) => `${issue.path}: ${issue.message}`);

function configOf(result: LoadResult, index = 0): Record<string, unknown> {
  return (result.tools[index]?.config ?? {}) as Record<string, unknown>;
}

/** A loaded HTTP Request node as `name method url`. */
function toolLine(result: LoadResult, index: number): string {
  const config = configOf(result, index);
  return `${String(config.name)} ${String(config.method)} ${String(config.url)}`;
}

const APPS: {
  file: string;
  tools: string[];
  notes: string[];
  warnings?: string[];
  vars?: string[];
}[] = [
  {
    // Dify's own test fixture (DSL 0.3.1): upper-case GET (fact 10), a builtin tool with bare-string parameters.
    file: "langgenius__dify__http_request_with_json_tool_workflow.yml",
    tools: ["HTTP Request get {{#start_node.url#}}"],
    notes: [
      'workflow.graph.nodes[2].data: not modelled: the Tool node "Tool" calls a builtin tool (Builtin Tools / json_parse); tooldeck models custom API tools (provider_type: api)',
    ],
    warnings: [
      "workflow.graph.nodes[1].data.retry_config: enabled, exponential_backoff: not Dify's retry fields (retry_enabled, max_retries, retry_interval); Dify ignores them, so retry is off",
    ],
  },
  {
    // An Agent node with three plugin tools, one disabled (fact 76).
    file: "svcvit__Awesome-Dify-Workflow__Agent工具调用.yml",
    tools: [],
    notes: [
      'workflow.graph.nodes[1].data.agent_parameters.tools.value[0]: not modelled: the builtin tool time / current_time of the Agent "Agent"; tooldeck models custom API tools (type: api)',
      'workflow.graph.nodes[1].data.agent_parameters.tools.value[1]: not modelled: the builtin tool langgenius/duckduckgo/duckduckgo / ddgo_search of the Agent "Agent"; tooldeck models custom API tools (type: api)',
      'workflow.graph.nodes[1].data.agent_parameters.tools.value[2]: not modelled: the tool langgenius/openweather/openweather / weather of the Agent "Agent" is disabled: Dify does not give it to the agent',
    ],
  },
  {
    // A third-party strategy (fact 17).
    file: "svcvit__Awesome-Dify-Workflow__MCP-amap.yml",
    tools: [],
    notes: [
      'workflow.graph.nodes[1].data: not modelled: the Agent node "Agent" runs the strategy hjlarry/agent/mcp_agent (tooldeck reproduces langgenius/agent/agent); its 1 tool(s) are not read',
    ],
  },
  {
    file: "svcvit__Awesome-Dify-Workflow__chart_demo.yml",
    tools: ["获取天气数据 get https://weather.cma.cn/api/climate?stationid=58367"],
    notes: [],
  },
  {
    file: "svcvit__Awesome-Dify-Workflow__runLLMCode.yml",
    tools: ["sandbox 执行代码 post http://sandbox:8194/v1/sandbox/run"],
    notes: [],
  },
  {
    // DSL 0.1.0: the node sits inside an iteration, its URL a variable.
    file: "svcvit__Awesome-Dify-Workflow__搜索大师.yml",
    tools: ["HTTP Request get {{#1719878483248.item#}}"],
    notes: [
      'workflow.graph.nodes[11].data: not modelled: the Tool node "SearXNG 搜索" calls a builtin tool (searxng / searxng_search); tooldeck models custom API tools (provider_type: api)',
      'workflow.graph.nodes[12].data: not modelled: the Tool node "JinaReader" calls a builtin tool (jina / jina_reader); tooldeck models custom API tools (provider_type: api)',
    ],
  },
  {
    // Six POST nodes, a string env var holding the API key (fact 4).
    file: "wwwzhouhui__dify-for-dsl__74-dify案例分享-解锁 AI 搜索新玩法：Dify 秘塔搜索工作流搭建教程与效果展示.yml",
    tools: [
      "web搜索 post https://metaso.cn/api/v1/search",
      "文库搜索 post https://metaso.cn/api/v1/search",
      "学术搜索 post https://metaso.cn/api/v1/search",
      "图片搜索 post https://metaso.cn/api/v1/search",
      "视频搜索 post https://metaso.cn/api/v1/search",
      "博客搜索 post https://metaso.cn/api/v1/search",
    ],
    notes: [],
    vars: ["key"],
  },
  {
    file: "wwwzhouhui__dify-for-dsl__83-dify案例分享-免费玩转即梦 4.0 多图生成！Dify 工作流从搭建到使用全攻略，附案例效果.yml",
    tools: ["HTTP 请求（文生图） post https://jimeng.duckcloud.fun/v1/images/generations"],
    notes: [],
    vars: ["url", "jimengsessionid"],
  },
];

describe("the shared Dify apps: what tooldeck loads", () => {
  test.each(APPS)("$file", ({ file, tools, notes, warnings = [], vars = [] }) => {
    const result = loadApp(file);
    expect(lines(result.errors)).toEqual([]);
    expect(result.tools.map((_, index) => toolLine(result, index))).toEqual(tools);
    expect(result.tools.every((tool) => tool.source.format === "dify")).toBe(true);
    expect(lines(result.notes)).toEqual(notes);
    expect(lines(result.warnings)).toEqual(warnings);
    expect(Object.keys(result.vars ?? {})).toEqual(vars);
  });

  test("the custom API Tool node (generate-audio_post, a path-derived name: fact 16) reaches the API tool linker", () => {
    const result = loadApp("wwwzhouhui__dify-for-dsl__AI资讯每日新闻+语音播报工作流.yml");
    const said = [...(result.notes ?? []), ...result.errors, ...result.warnings].filter(
      (issue) => issue.path === "workflow.graph.nodes[4].data",
    );
    expect(said.length + result.tools.length).toBeGreaterThan(0);
    expect(JSON.stringify([said, result.tools.map((tool) => tool.config)])).toContain("generate-audio_post");
  });
});

describe("the shared Dify apps: fields read as Dify reads them (facts 8, 12, 13)", () => {
  test("a DSL 0.1.0 string body (here empty) is no item (fact 12)", () => {
    const result = loadApp("svcvit__Awesome-Dify-Workflow__搜索大师.yml");
    expect(configOf(result).body).toEqual({ type: "none", data: [] });
    expect(configOf(result).url).toBe("{{#1719878483248.item#}}");
  });

  test("a string retry_interval is its number; Authorization from a string env var stays a template", () => {
    const result = loadApp(
      "wwwzhouhui__dify-for-dsl__74-dify案例分享-解锁 AI 搜索新玩法：Dify 秘塔搜索工作流搭建教程与效果展示.yml",
    );
    expect(configOf(result).retry_config).toEqual({
      retry_enabled: true,
      max_retries: 10,
      retry_interval: 1000,
    });
    expect(configOf(result).headers).toContain("{{#env.key#}}");
    expect(configOf(result).ssl_verify).toBe(true);
  });

  test("timeouts keep connect/read/write, not the editor's max_*; a JSON template kept as written", () => {
    const result = loadApp(
      "wwwzhouhui__dify-for-dsl__83-dify案例分享-免费玩转即梦 4.0 多图生成！Dify 工作流从搭建到使用全攻略，附案例效果.yml",
    );
    expect(configOf(result).timeout).toEqual({ connect: 300, read: 300, write: 300 });
    expect((configOf(result).body as { type: string }).type).toBe("json");
  });

  test("Dify's own fixture: GET in lower case, its timeouts", () => {
    const result = loadApp("langgenius__dify__http_request_with_json_tool_workflow.yml");
    expect(configOf(result)).toMatchObject({
      method: "get",
      timeout: { connect: 10, read: 30, write: 30 },
      retry_config: { retry_enabled: false, max_retries: 1, retry_interval: 1000 },
    });
  });
});
