import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { parse } from "yaml";
import { packagePath } from "../../src/package/package-root.js";
import { writeTrafficFile } from "../../src/traffic/traffic-file.js";
import { exchange } from "../support/exchange.js";
import { hostileProject } from "../support/hostile-project.js";
import { tooldeck, tooldeckIn } from "../support/run-tooldeck.js";

/** A copy of a user's own small project: the to-do API and the tools written for it (fixtures/todo). */
function copyOfTodoProject(): string {
  const dir = mkdtempSync(join(tmpdir(), "tooldeck-todo-"));
  cpSync(packagePath("fixtures", "todo"), dir, { recursive: true });
  return dir;
}

const TODO_BASE = ["--var", "base_url=https://todo.example.com"];

describe("check --fix on a to-do project: the fixed tools work", () => {
  test("PUT /todos/:id becomes PATCH /todos/:todoId with one integer todoId, and its probe succeeds", async () => {
    const dir = copyOfTodoProject();
    const { exit, stdout, stderr } = await tooldeck("check", dir, ...TODO_BASE, "--fix", "--format", "json");
    expect(stderr.split("\n").at(-2)).toBe("fixed 4 findings in 1 file (2 passes)");
    const report = JSON.parse(stdout);
    expect(report.tools.map((t: { name: string; sent: string }) => `${t.name}: ${t.sent}`)).toEqual([
      "create_todo: POST https://todo.example.com/todos → 201 (spec emulator: To-do API)",
      "update_todo: PATCH https://todo.example.com/todos/1 → 200 (spec emulator: To-do API)",
      "delete_todo: DELETE https://todo.example.com/todos/1?force=true → 204 (spec emulator: To-do API)",
    ]);
    // Removing force would take an argument from the model: a suggestion, left for the user.
    expect(
      report.diagnostics
        .filter((d: { severity: string }) => d.severity !== "info")
        .map((d: { code: string; fix: { changesTool: string } }) => `${d.code}: ${d.fix.changesTool}`),
    ).toEqual(["undeclared-query-param: it drops the argument force the model could send"]);
    expect(exit).toBe(0);
    const [, update] = parse(readFileSync(join(dir, "todo-tools.yaml"), "utf8"));
    expect(update).toMatchObject({ method: "PATCH", url: "{{$vars.base_url}}/todos/:todoId" });
    expect(update.queryParamsSchema).toEqual({
      todoId: { type: "integer", in: "path", required: true, description: "the to-do to change" },
    });
  });

  test("the file keeps its layout, flow maps included: only the fixed values change (golden file)", async () => {
    const dir = copyOfTodoProject();
    await tooldeck("check", dir, ...TODO_BASE, "--fix");
    expect(readFileSync(join(dir, "todo-tools.yaml"), "utf8")).toBe(
      readFileSync(packagePath("fixtures", "golden", "todo-tools.fixed.yaml"), "utf8"),
    );
  });

  test("--fix-suggestions applies the suggestions too: force is removed (golden file)", async () => {
    const dir = copyOfTodoProject();
    const { stderr } = await tooldeck("check", dir, ...TODO_BASE, "--fix-suggestions");
    expect(stderr).toContain("delete_todo: remove queryParamsSchema.force\n");
    expect(readFileSync(join(dir, "todo-tools.yaml"), "utf8")).toBe(
      readFileSync(packagePath("fixtures", "golden", "todo-tools.fixed-with-suggestions.yaml"), "utf8"),
    );
  });

  test("--fix-rule applies one rule's fixes and suggestions, nothing else", async () => {
    const dir = copyOfTodoProject();
    const before = readFileSync(join(dir, "todo-tools.yaml"), "utf8").split("\n");
    const { stderr } = await tooldeck("check", dir, ...TODO_BASE, "--fix-rule", "undisclosed-format");
    expect(stderr).toContain("fixed 1 finding in 1 file (1 pass)\n");
    expect(stderr).toContain("update_todo: only the fixes of undisclosed-format are applied\n");
    const after = readFileSync(join(dir, "todo-tools.yaml"), "utf8").split("\n");
    const changed = after.filter((line, index) => line !== before[index]);
    expect(changed).toEqual([expect.stringContaining("an ISO 8601 date")]);
  });

  test("--fix-rule with an unknown rule is a usage error naming the nearest", async () => {
    const { exit, stderr } = await tooldeck(
      "check",
      "fixtures/todo",
      "--fix-rule",
      "undeclared-query-params",
    );
    expect(stderr).toContain(
      "--fix-rule: unknown rule 'undeclared-query-params' (did you mean undeclared-query-param?)",
    );
    expect(exit).toBe(2);
  });

  test("--fix-dry-run prints each file's diff and writes nothing", async () => {
    const dir = copyOfTodoProject();
    const before = readFileSync(join(dir, "todo-tools.yaml"), "utf8");
    const { stderr } = await tooldeck("check", dir, ...TODO_BASE, "--fix-dry-run");
    expect(readFileSync(join(dir, "todo-tools.yaml"), "utf8")).toBe(before);
    expect(stderr).toContain("-  method: PUT\n+  method: PATCH\n");
    expect(stderr).toContain("would fix 3 findings in 1 file (--fix-dry-run: nothing written)\n");
  });

  test("before the fix the same tool misses its operation", async () => {
    const { stdout } = await tooldeck("check", "fixtures/todo", ...TODO_BASE, "--format", "json");
    const update = JSON.parse(stdout).tools.find((t: { name: string }) => t.name === "update_todo");
    expect(update.sent).toBe("PUT https://todo.example.com/todos/1 → 405 (spec emulator: To-do API)");
  });
});

describe("check --fix against a description inferred from traffic that recorded no writes (docs/traffic.md)", () => {
  const API = "https://api.mycompany.com";

  test("the write tools stay writes: the finding says to record writes, and nothing becomes a GET", async () => {
    const dir = hostileProject();
    mkdirSync(join(dir, "tools"));
    cpSync(packagePath("tools", "request-tools.yaml"), join(dir, "tools", "request-tools.yaml"));
    writeTrafficFile(join(dir, "traffic", "api.traffic.json"), {
      version: 1,
      kind: "traffic",
      source: `proxy to ${API}`,
      exchanges: [
        exchange("GET", `${API}/events`, 200, [{ id: "1" }]),
        exchange("GET", `${API}/events/1`, 200, { id: "1" }),
      ],
    });
    expect((await tooldeckIn(dir, ["infer", "traffic/", "--out", "api.yaml"])).exit).toBe(0);
    const before = readFileSync(join(dir, "tools", "request-tools.yaml"), "utf8");
    const { stdout } = await tooldeckIn(dir, [
      "check",
      "tools/",
      "--spec",
      "api.yaml",
      "--var",
      `base_url=${API}`,
      "--no-probe",
      "--fix",
      "--format",
      "json",
    ]);
    const after = parse(readFileSync(join(dir, "tools", "request-tools.yaml"), "utf8"));
    expect(after.map((tool: { name: string; method: string }) => `${tool.name} ${tool.method}`)).toEqual(
      parse(before).map((tool: { name: string; method: string }) => `${tool.name} ${tool.method}`),
    );
    const found = JSON.parse(stdout).diagnostics.filter(
      (d: { code: string }) => d.code === "operation-not-found",
    );
    expect(
      found.map((d: { tool: string; suggestion: string; fix?: unknown }) => [d.tool, d.suggestion, d.fix]),
    ).toEqual([
      ["create_event", "the recorded traffic has no write to /events: record with --allow-writes", undefined],
      ["delete_event", "the recorded traffic has no write to /events: record with --allow-writes", undefined],
      ["update_event", "the recorded traffic has no write to /events: record with --allow-writes", undefined],
    ]);
  });
});

describe("check --fix on files written to fool it", () => {
  test("duplicate keys: JSON.parse reads the last, an edit would land on the first, so the file is left alone", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tooldeck-dup-"));
    const content =
      '{"kind":"request","method":"GET","name":"get_events","description":"Use this to list events",' +
      '"url":"https://api.example.com/events","maxOutputLength":2000,"maxOutputLength":0}\n';
    writeFileSync(join(dir, "t.json"), content);
    const { exit, stderr } = await tooldeck("lint", join(dir, "t.json"), "--fix");
    expect(stderr).toContain(
      `not fixed: ${join(dir, "t.json")}: get_events: the file cannot be edited: Map keys must be unique at line 1, column 156\n`,
    );
    expect(stderr).toContain("fixed 0 findings in 0 files (0 passes)\n");
    expect(readFileSync(join(dir, "t.json"), "utf8")).toBe(content);
    expect(exit).toBe(0);
  });

  test("a YAML alias is not edited through: its anchor's fix mends both tools, no internal error", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tooldeck-alias-"));
    cpSync(packagePath("tools", "event-api.openapi.yaml"), join(dir, "event-api.openapi.yaml"));
    const tool = (name: string, method: string, body: string) =>
      `- kind: request\n  method: ${method}\n  name: ${name}\n  description: Use this to ${name.replace("_", " ")}\n` +
      `  url: "{{$vars.base_url}}/events${method === "PATCH" ? "/:id" : ""}"\n` +
      (method === "PATCH"
        ? "  queryParamsSchema:\n    id: { type: string, in: path, required: true }\n"
        : "") +
      `  bodySchema: ${body}\n`;
    const fields =
      "    name: { type: string, required: true }\n    date: { type: string, required: true, description: Date of the event }\n" +
      "    location: { type: string, required: true }\n";
    writeFileSync(
      join(dir, "t.yaml"),
      `${tool("create_event", "POST", "&body")}${fields}${tool("update_event", "PATCH", "*body")}`,
    );
    const { exit, stderr } = await tooldeck("lint", dir, "--fix");
    expect(stderr).toContain(
      `fixed ${join(dir, "t.yaml")}: create_event: say in the description that date is`,
    );
    expect(stderr).not.toContain("internal error");
    expect(exit).toBe(0);
    const text = readFileSync(join(dir, "t.yaml"), "utf8");
    expect(text).toContain(
      'date: { type: string, required: true, description: "Date of the event, an ISO 8601 date-time',
    );
    expect(text).toContain("  bodySchema: *body\n");
  });
});

describe("lint --fix --provider: a tool a provider refuses made legal, its request unchanged", () => {
  test("an n8n Description over OpenAI's limit is shortened in the workflow", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tooldeck-provider-fix-"));
    const flow = JSON.parse(readFileSync(packagePath("fixtures", "n8n", "event-assistant.json"), "utf8"));
    const long = `Use this when you need to get events. ${"It returns each event's name, date and place. ".repeat(24)}`;
    flow.nodes.find((node: { name: string }) => node.name === "get_events").parameters.toolDescription = long;
    writeFileSync(join(dir, "assistant.json"), JSON.stringify(flow, null, 2));
    const { stdout, stderr } = await tooldeck("lint", dir, "--provider", "openai", "--fix");
    expect(stderr.split("\n").at(-2)).toBe("fixed 1 finding in 1 file (1 pass)");
    // The other findings of the tutorial's workflow (its $vars, no spec) are the lint's, not the provider's.
    expect(stdout).not.toContain("provider-rejects");
    const fixed = JSON.parse(readFileSync(join(dir, "assistant.json"), "utf8"));
    const description = fixed.nodes.find((node: { name: string }) => node.name === "get_events").parameters
      .toolDescription;
    expect(description.length).toBeLessThanOrEqual(1024);
    expect(long.startsWith(description)).toBe(true);
  });
});
