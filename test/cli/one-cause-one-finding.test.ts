import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { tooldeck } from "../support/run-tooldeck.js";

const TODO = ["fixtures/todo", "--var", "base_url=https://todo.example.com"];

interface Finding {
  code: string;
  severity: string;
  tool: string;
  related?: { code: string; severity: string; message: string }[];
}

describe("one cause, one finding", () => {
  test("a missing date format is one finding with the probe's evidence, not a 400, a warning and a body mismatch", async () => {
    const { exit, stdout } = await tooldeck("check", ...TODO, "--format", "json");
    const report = JSON.parse(stdout);
    const create = report.diagnostics.filter((d: Finding) => d.tool === "create_todo");
    expect(create.map((d: Finding) => `${d.severity} ${d.code}`)).toEqual(["error undisclosed-format"]);
    expect(create[0].related).toEqual([
      { code: "probe", severity: "error", path: "[0]", message: "POST /todos answered 400" },
      {
        code: "probe",
        severity: "warning",
        path: "[0]",
        message: 'the request body does not match POST /todos (createTodo): /due must match format "date"',
      },
    ]);
    expect(report.summary).toBe("3 problems (3 errors, 0 warnings, 0 infos) in 3 tools");
    expect(exit).toBe(1);
  });

  test("a probe set to warning folds as a warning: the finding keeps the heavier configured severity", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tooldeck-fold-"));
    const config = join(dir, "tooldeck.config.yaml");
    writeFileSync(config, "rules:\n  probe: warning\n");
    const { exit, stdout } = await tooldeck("check", ...TODO, "--config", config, "--format", "json");
    const create = JSON.parse(stdout).diagnostics.find((d: Finding) => d.tool === "create_todo");
    expect(create.severity).toBe("warning");
    expect(create.related.map((r: { severity: string }) => r.severity)).toEqual(["warning", "warning"]);
    // update_todo and delete_todo still fail on operation-not-found, an error of its own.
    expect(exit).toBe(1);
  });

  test("sarif: the probe's evidence is the result's related locations", async () => {
    const sarif = JSON.parse((await tooldeck("check", ...TODO, "--format", "sarif")).stdout);
    const result = sarif.runs[0].results.find((r: { ruleId: string }) => r.ruleId === "undisclosed-format");
    expect(result.level).toBe("error");
    expect(result.relatedLocations).toEqual([
      {
        id: 0,
        physicalLocation: {
          artifactLocation: { uri: "fixtures/todo/todo-tools.yaml" },
          region: { startLine: 3, startColumn: 3 },
        },
        message: { text: "probe (error): POST /todos answered 400" },
      },
      {
        id: 1,
        physicalLocation: {
          artifactLocation: { uri: "fixtures/todo/todo-tools.yaml" },
          region: { startLine: 3, startColumn: 3 },
        },
        message: {
          text: 'probe (warning): the request body does not match POST /todos (createTodo): /due must match format "date"',
        },
      },
    ]);
  });

  test("stylish: the evidence under the finding", async () => {
    const { stdout } = await tooldeck("check", ...TODO);
    expect(stdout).toContain(
      [
        "    error   due must be an ISO 8601 date in POST /todos (createTodo), and nothing tells the LLM  undisclosed-format",
        "            at fixtures/todo/todo-tools.yaml:11:26 ([0].bodySchema.due.description)",
        "            probe error: POST /todos answered 400",
        '            probe warning: the request body does not match POST /todos (createTodo): /due must match format "date"',
      ].join("\n"),
    );
  });
});
