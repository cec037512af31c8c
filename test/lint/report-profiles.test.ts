import { describe, expect, test } from "vitest";
import {
  type CheckReport,
  describeProfiles,
  explainProfiles,
  type ToolReport,
} from "../../src/lint/report.js";

function tool(file: string, profile?: ToolReport["profile"]): ToolReport {
  return { name: "update_event", file, path: "", ...(profile ? { profile } : {}) };
}

function report(tools: ToolReport[]): CheckReport {
  return { profile: "standard", tools, diagnostics: [] };
}

const thirteenExports = Array.from({ length: 13 }, (_, i) =>
  tool(`custom-tools/tool-${i + 1}.json`, "flowise"),
);

describe("the profiles the summary names", () => {
  test.each([
    [
      "every tool under the run's profile",
      [tool("tools/a.yaml"), tool("tools/b.yaml", "standard")],
      "standard",
    ],
    [
      "one export under flowise: named",
      [tool("tools/a.yaml"), tool("flows/agent.json", "flowise"), tool("flows/agent.json", "flowise")],
      "standard; flowise for flows/agent.json",
    ],
    [
      "13 exports under flowise: counted",
      [tool("tools/a.yaml"), ...thirteenExports],
      "standard; flowise for 13 files",
    ],
    [
      "two other profiles: each counted apart",
      [tool("a.json", "flowise"), tool("b.json", "flowise"), tool("w.json", "n8n")],
      "standard; flowise for 2 files; n8n for w.json",
    ],
  ])("%s", (_, tools, expected) => {
    expect(describeProfiles(report(tools))).toBe(expected);
  });

  test("--explain names each file the summary counted, once", () => {
    const lines = explainProfiles(report([tool("tools/a.yaml"), ...thirteenExports, ...thirteenExports]));
    expect(lines).toHaveLength(13);
    expect(lines[0]).toBe("profile flowise for custom-tools/tool-1.json");
    expect(lines[12]).toBe("profile flowise for custom-tools/tool-13.json");
  });

  test("--explain says nothing when every tool is under the run's profile", () => {
    expect(explainProfiles(report([tool("tools/a.yaml")]))).toEqual([]);
  });
});
