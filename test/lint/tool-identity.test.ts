import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { loadToolConfigs } from "../../src/config/load-tool-configs.js";
import { check } from "../../src/lint/check.js";
import type { Diagnostic } from "../../src/lint/diagnostic.js";
import { formatHtml } from "../../src/lint/format/format-html.js";
import { formatJunit } from "../../src/lint/format/format-junit.js";
import { formatStylish } from "../../src/lint/format/format-stylish.js";
import type { CheckReport } from "../../src/lint/report.js";
import { packagePath } from "../../src/package/package-root.js";

/** The tutorial's n8n workflow, its get_events node titled as n8n users title nodes: `Get Events`. */
function titledWorkflow(): string {
  const text = readFileSync(packagePath("fixtures/n8n/event-assistant.json"), "utf8");
  const file = join(mkdtempSync(join(tmpdir(), "tooldeck-identity-")), "wf.json");
  writeFileSync(file, text.replaceAll('"get_events"', '"Get Events"'));
  return file;
}

describe("one identity per tool", () => {
  test("an n8n node's findings name the tool its model sees, with the node's title, as its report does", async () => {
    const file = titledWorkflow();
    const report = await check(loadToolConfigs([file], { roots: [tmpdir()] }), { profile: "n8n" });
    expect(report.tools.map((tool) => tool.name)).toContain("Get_Events");
    const own = report.diagnostics.filter((d) => d.path.startsWith("nodes[1]"));
    expect(own.length).toBeGreaterThan(0);
    for (const diagnostic of own)
      expect(diagnostic).toMatchObject({ tool: "Get_Events", node: "Get Events" });
    // The only findings no tool owns are the file's own (the Gmail node it does not model).
    const others = formatHtml(report).split("Other findings in this file")[1] ?? "";
    expect(others).toContain("Send Mail");
    expect(others).not.toContain("Get");
  });

  const finding = (changes: Partial<Diagnostic>): Diagnostic => ({
    code: "tool-description",
    severity: "warning",
    tool: "get_events",
    file: "flow.json",
    path: "nodes[1].data.inputs",
    message: "the description is empty",
    ...changes,
  });

  test("stylish prints a file's own finding under the file, not under the tool printed last", () => {
    const report: CheckReport = {
      profile: "flowise",
      tools: [
        { name: "get_events", file: "flow.json", path: "nodes[1].data.inputs" },
        { name: "create_event", file: "flow.json", path: "nodes[2].data.inputs" },
      ],
      diagnostics: [
        finding({}),
        finding({
          code: "config-warning",
          tool: "flow.json",
          path: "nodes[4].data.inputs.url",
          message: "no URL",
        }),
      ],
    };
    const lines = formatStylish(report).split("\n");
    expect(lines.slice(0, 5)).toEqual([
      "flow.json",
      "    warning flow.json: no URL  config-warning",
      "            at nodes[4].data.inputs.url",
      "  get_events",
      "    warning the description is empty  tool-description",
    ]);
  });

  test("a finding printed apart from its tool names the node too", () => {
    const report: CheckReport = {
      profile: "n8n",
      tools: [],
      diagnostics: [finding({ tool: "Update_Event", node: "Update Event" })],
    };
    expect(formatStylish(report)).toContain(
      'warning Update_Event (node "Update Event"): the description is empty',
    );
  });

  test("junit: two Agent nodes of one file, each with a get_events, each case with its own findings", () => {
    const report: CheckReport = {
      profile: "flowise",
      tools: [
        { name: "get_events", file: "flow.json", path: "nodes[1].data.inputs" },
        { name: "get_events", file: "flow.json", path: "nodes[2].data.inputs" },
      ],
      diagnostics: [
        finding({ severity: "error", message: "first" }),
        finding({ path: "nodes[2].data.inputs", message: "second" }),
      ],
    };
    const cases = formatJunit(report).split("<testcase").slice(1);
    expect(cases).toHaveLength(2);
    expect(cases[0]).toContain("first");
    expect(cases[0]).not.toContain("second");
    expect(cases[1]).toContain("second");
    expect(cases[1]).not.toContain("first");
  });
});
