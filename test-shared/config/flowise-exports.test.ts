import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { formatConfigIssue } from "../../src/config/config-issue.js";
import { loadToolConfigs } from "../../src/config/load-tool-configs.js";
import { loadFlowiseFlow } from "../../src/platforms/flowise/config/load-flowise-flow.js";
import { UNTOUCHED_HTTP_INPUTS, untouchedHttpConfig } from "../../test/support/flowise-http-node.js";
import { tutorialToolsInAgentflow } from "../../test/support/tutorial-tools.js";
import { FLOWISE_SWAGGER } from "../support/flowise-swagger.js";
import { sharedFixture } from "../support/shared-fixture.js";

/** Flowise's real exports (shared/fixtures/flowise/) load as the project-written flows in test/config do. */
function readExport(path: string): unknown {
  return JSON.parse(readFileSync(path, "utf8"));
}

const agentToolPath = (node: number, tool: number) =>
  `nodes[${node}].data.inputs.agentTools[${tool}].agentSelectedToolConfig`;

describe("Flowise's real exports", () => {
  test("Interacting With API (agentflow V2): exactly the four tools, URLs unwrapped from <p>…</p>", () => {
    const file = sharedFixture("flowise", "Interacting With API.json");
    const result = loadFlowiseFlow(readExport(file), "iwa.json");
    const requestTools = result.tools.filter((tool) => tool.config.kind === "request");
    expect(result.errors).toEqual([]);
    expect(requestTools.map((tool) => tool.config)).toEqual(
      tutorialToolsInAgentflow("http://localhost:5566/events"),
    );
    expect(requestTools.map((tool) => tool.source)).toEqual(
      // One agent, the flow's Agent node: its tools' names are unique among its own, not the run's.
      [0, 1, 2, 3].map((index) => ({
        file: "iwa.json",
        path: agentToolPath(1, index),
        format: "flowise",
        // Its Agent node names its chat model (agentModel chatOpenAI): the provider its tools are judged for.
        agent: { id: "iwa.json#nodes[1]", label: "iwa.json › Requests Agent", provider: "openai" },
      })),
    );
  });

  test("Interacting With API: its OpenAPI toolkit has no file (v2.0's empty yamlFile): a warning, no tool", () => {
    const file = sharedFixture("flowise", "Interacting With API.json");
    const result = loadFlowiseFlow(readExport(file), "iwa.json");
    expect(result.tools.filter((tool) => tool.config.kind === "openapi-toolkit")).toEqual([]);
    expect(result.skipped).toEqual([]);
    expect(result.warnings.map(formatConfigIssue)).toContain(
      `iwa.json: ${agentToolPath(2, 0)}.yamlFile: no OpenAPI file: Flowise fails with "Failed to load OpenAPI spec"`,
    );
  });

  test("Interacting With API: its HTTP node loads as an http config, with a warning for its empty URL", () => {
    const file = sharedFixture("flowise", "Interacting With API.json");
    const result = loadToolConfigs([file]);
    const http = result.tools.filter((tool) => tool.config.kind === "http");
    expect(http.map((tool) => [tool.source.path, tool.config])).toEqual([
      ["nodes[4].data.inputs", untouchedHttpConfig("httpAgentflow_0")],
    ]);
    expect(readExport(file)).toMatchObject({ nodes: { 4: { data: { inputs: UNTOUCHED_HTTP_INPUTS } } } });
    expect(result.warnings.map((warning) => `${warning.path}: ${warning.message}`)).toEqual([
      `${agentToolPath(2, 0)}.yamlFile: no OpenAPI file: Flowise fails with "Failed to load OpenAPI spec"`,
      "nodes[4].data.inputs.url: no URL: every run of this HTTP node fails",
    ]);
  });

  test("Requests Tool Agent (the docs' export): the same four tools, from the file and as flowData text", () => {
    const file = sharedFixture("flowise", "Requests Tool Agent.json");
    const result = loadToolConfigs([file]);
    expect(result.errors).toEqual([]);
    expect(result.tools.map((tool) => tool.config)).toEqual(
      tutorialToolsInAgentflow("http://localhost:5566/events"),
    );
    expect(result.skipped).toEqual([]);
    const fromText = loadFlowiseFlow(readFileSync(file, "utf8"), "flowise:Requests Tool Agent");
    expect(fromText.tools.map((tool) => tool.config)).toEqual(result.tools.map((tool) => tool.config));
  });

  test("OpenAPI YAML Agent (chatflow V1): its toolkit node has no file in the export: a warning, no tool", () => {
    const file = sharedFixture("flowise", "OpenAPI YAML Agent.json");
    const result = loadToolConfigs([file]);
    expect(result.tools).toEqual([]);
    expect(result.errors).toEqual([]);
    expect(result.warnings.map(formatConfigIssue)).toEqual([
      `${file}: nodes[3].data.inputs.yamlFile: no OpenAPI file: Flowise fails with "Failed to load OpenAPI spec"`,
    ]);
  });

  test("Flowise's swagger.yml (no openapi header, only paths) is a note: not a config, no error, judging nothing", () => {
    const result = loadToolConfigs([FLOWISE_SWAGGER]);
    expect(result).toMatchObject({ tools: [], errors: [], warnings: [], specs: [] });
    expect((result.notes ?? []).map(formatConfigIssue)).toEqual([
      `${FLOWISE_SWAGGER}: an OpenAPI fragment (paths, no openapi: or swagger:): not a tool config, and not used to judge the tools`,
    ]);
  });
});
