import { describe, expect, test } from "vitest";
import { jsonPathLocator, locateJsonPath } from "../../../src/lint/format/locate-json-path.js";

describe("locateJsonPath in large and tricky files", () => {
  test("a key is looked for in its own block, never in the next config", () => {
    const yaml = [
      "- kind: request",
      "  bodySchema:",
      "    due: { type: string, description: when }",
      "- kind: request",
      "  bodySchema:",
      "    due:",
      "      description: when it is due",
    ].join("\n");
    expect(locateJsonPath(yaml, "[0].bodySchema.due.description")).toEqual({ line: 3, column: 26 });
    expect(locateJsonPath(yaml, "[1].bodySchema.due.description")).toEqual({ line: 7, column: 7 });
  });

  test("every item of a 40,000-config file, and another file in between", () => {
    const yaml = Array.from(
      { length: 40_000 },
      (_, i) => `- kind: request\n  name: tool_${i}\n  url: /x`,
    ).join("\n");
    const other = "kind: request\nname: one\nurl: /y\n";
    // Each file parsed once, as the formatters do (createDiagnosticLocator), then asked for every path.
    const inYaml = jsonPathLocator(yaml);
    const inOther = jsonPathLocator(other);
    for (const i of [0, 1, 20_000, 39_999]) {
      expect(inYaml(`[${i}].url`)).toEqual({ line: 3 * i + 3, column: 3 });
      expect(inOther("url")).toEqual({ line: 3, column: 1 });
    }
    expect(inYaml("[40000].url")).toEqual({ line: 1, column: 1 });
  });
});
