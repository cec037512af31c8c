import { describe, expect, test } from "vitest";
import type { N8nHttpToolConfig } from "../../../../src/platforms/n8n/config/n8n-http-tool-config.js";
import { DEFAULT_DESCRIPTION, descriptionOf } from "../../../../src/platforms/n8n/schema/tool-description.js";
import { isLegacyToolName, toolNameOf } from "../../../../src/platforms/n8n/schema/tool-name.js";

describe("tool names (reference fact 2, 47)", () => {
  test.each([
    ["Get Item", "Get_Item"],
    ["Get Weather (v2)! – é", "Get_Weather_v2_"],
    [
      "1st tool with a very long name that goes on and on past sixty-four chars",
      "1st_tool_with_a_very_long_name_that_goes_on_and_on_past_sixty-fo",
    ],
    [`${"a".repeat(63)} b`, "a".repeat(63)],
    ["", "httpRequestTool"],
  ])("%s → %s", (node, tool) => {
    expect(toolNameOf(node)).toBe(tool);
  });

  test.each([
    ["Get_Item", true],
    ["_x", true],
    ["1st-Tool", false],
    ["get-item", false],
  ])("the legacy node accepts %s: %s", (name, accepted) => {
    expect(isLegacyToolName(name)).toBe(accepted);
  });
});

describe("descriptions (reference fact 3)", () => {
  const node = (type: N8nHttpToolConfig["type"], parameters: Record<string, unknown>): N8nHttpToolConfig => ({
    kind: "n8n-http-tool",
    name: "T",
    type,
    typeVersion: 4.2,
    parameters,
    credentials: {},
    agent: { type: "@n8n/n8n-nodes-langchain.agent", typeVersion: 3.1 },
  });
  test.each([
    [
      "verbatim",
      node("n8n-nodes-base.httpRequestTool", { toolDescription: " Get an item " }),
      " Get an item ",
    ],
    [
      "empty → the node type's",
      node("n8n-nodes-base.httpRequestTool", { toolDescription: "" }),
      DEFAULT_DESCRIPTION,
    ],
    ["absent → the node type's", node("n8n-nodes-base.httpRequestTool", {}), DEFAULT_DESCRIPTION],
    [
      "descriptionType auto → the node type's",
      node("n8n-nodes-base.httpRequestTool", { descriptionType: "auto", toolDescription: "x" }),
      DEFAULT_DESCRIPTION,
    ],
    ["legacy: as written, empty included", node("@n8n/n8n-nodes-langchain.toolHttpRequest", {}), ""],
  ])("%s", (_name, config, description) => {
    expect(descriptionOf(config)).toBe(description);
  });
  test("the default sentence is n8n's", () => {
    expect(DEFAULT_DESCRIPTION).toBe("Makes an HTTP request and returns the response data");
  });
});
