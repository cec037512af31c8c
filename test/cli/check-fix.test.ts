import { cpSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { parse } from "yaml";
import { packagePath } from "../../src/package-root.js";
import { tooldeck } from "../support/run-tooldeck.js";

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
    const { exit, stdout } = await tooldeck("check", dir, ...TODO_BASE, "--fix", "--format", "json");
    const report = JSON.parse(stdout);
    expect(report.tools.map((t: { name: string; sent: string }) => `${t.name}: ${t.sent}`)).toEqual([
      "create_todo: POST https://todo.example.com/todos → 201 (spec emulator: To-do API)",
      "update_todo: PATCH https://todo.example.com/todos/1 → 200 (spec emulator: To-do API)",
      "delete_todo: DELETE https://todo.example.com/todos/1 → 204 (spec emulator: To-do API)",
    ]);
    expect(report.diagnostics.filter((d: { severity: string }) => d.severity !== "info")).toEqual([]);
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

  test("before the fix the same tool misses its operation", async () => {
    const { stdout } = await tooldeck("check", "fixtures/todo", ...TODO_BASE, "--format", "json");
    const update = JSON.parse(stdout).tools.find((t: { name: string }) => t.name === "update_todo");
    expect(update.sent).toBe("PUT https://todo.example.com/todos/1 → 405 (spec emulator: To-do API)");
  });
});
