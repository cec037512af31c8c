import { describe, expect, test } from "vitest";
import { OpenApiToolkitConfigSchema } from "../../src/config/openapi-toolkit-config.js";
import type { ToolConfig } from "../../src/config/tool-config.js";
import { foldSharedCauses } from "../../src/lint/fold-shared-causes.js";
import { lint } from "../../src/lint/lint.js";
import type { CustomToolConfig } from "../../src/platforms/flowise/custom-tool/custom-tool-config.js";
import type { Profile } from "../../src/profile.js";
import { AGENT_2, currentNode } from "../platforms/n8n/support/n8n-nodes.js";

const node = (name: string, options: Record<string, unknown> = {}, agent = currentNode({}).agent) =>
  currentNode({ url: `https://api.test/${name}`, options }, { name, agent });

const customTool = (name: string, func: string): CustomToolConfig => ({
  kind: "custom-tool",
  name,
  description: "d",
  schema: [],
  func,
});

const toolkit = (name: string) =>
  OpenApiToolkitConfigSchema.parse({
    kind: "openapi-toolkit",
    name,
    spec: "event-api.openapi.yaml",
    customCode: "return process.env.CI_TOKEN",
  });

/** The findings of one rule over the configs, each in a file of its own, as `check` reports them. */
function reported(code: string, profile: Profile, configs: readonly ToolConfig[]): string[] {
  const tools = configs.map((config, index) => ({
    config,
    source: { file: `tools/t${index}.yaml`, path: "" },
  }));
  const found = lint(tools, { profile }).filter((diagnostic) => diagnostic.code === code);
  return foldSharedCauses(found).map((d) => `${d.tool || "-"}: ${d.message}`);
}

describe("rules whose findings share a cause say it once, naming the tools (issue 38)", () => {
  test.each([
    {
      code: "n8n-error-body-hidden",
      name: "nodes under Agent 3 hide it alike; a node under Agent 2.2 hides it otherwise; Never Error already set: silent",
      profile: "n8n" as Profile,
      configs: [
        node("Get A"),
        node("Get B"),
        node("Get C", {}, AGENT_2),
        node("Get D", { response: { response: { neverError: true } } }),
        node("Get E", { response: { response: { fullResponse: true } } }),
      ],
      expected: [
        '-: 2 tools in 2 files (Get_A, Get_B): on an error answer the model sees only n8n\'s sentence for its status (404: "The resource you are requesting could not be found"), never the body',
        "Get_C: on an error answer the model sees an empty string (Agent 2.2), never the body",
      ],
    },
    {
      code: "custom-tool-runtime-var",
      name: "one variable read by two Custom Tools",
      profile: "flowise" as Profile,
      configs: [
        customTool("a", "return $vars.api_key;"),
        customTool("b", "const x = 1;\nreturn $vars.api_key + $vars.city;"),
      ],
      expected: [
        "-: 2 tools in 2 files (a, b): reads $vars.api_key: as a runtime variable it is the Flowise server's environment variable api_key ('' when unset)",
        "b: line 2: reads $vars.city: as a runtime variable it is the Flowise server's environment variable city ('' when unset)",
      ],
    },
    {
      code: "custom-code-not-run",
      name: "toolkits whose code is set aside for want of --allow-code",
      profile: "flowise" as Profile,
      configs: [toolkit("events"), toolkit("rooms")],
      expected: [
        "-: 2 tools in 2 files (events, rooms): their Custom Code was not run (it runs only with --allow-code, in a sandbox); Flowise's default code is used instead",
      ],
    },
  ])("$code: $name", ({ code, profile, configs, expected }) => {
    expect(reported(code, profile, configs)).toEqual(expected);
  });
});
