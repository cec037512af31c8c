import { describe, expect, test } from "vitest";
import { locateJsonPath } from "../../../src/lint/format/locate-json-path.js";

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
    expect(locateJsonPath(yaml, "[0].bodySchema.due.description")).toBe(3);
    expect(locateJsonPath(yaml, "[1].bodySchema.due.description")).toBe(7);
  });

  test("every item of a 40,000-config file, and another file in between", () => {
    const yaml = Array.from(
      { length: 40_000 },
      (_, i) => `- kind: request\n  name: tool_${i}\n  url: /x`,
    ).join("\n");
    const other = "kind: request\nname: one\nurl: /y\n";
    for (const i of [0, 1, 20_000, 39_999]) {
      expect(locateJsonPath(yaml, `[${i}].url`)).toBe(3 * i + 3);
      expect(locateJsonPath(other, "url")).toBe(3);
    }
    expect(locateJsonPath(yaml, "[40000].url")).toBe(1);
  });
});
