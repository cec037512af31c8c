import { beforeAll, describe, expect, test } from "vitest";
import type { RequestToolConfig } from "../../../src/config/request-tool-config.js";
import type { Fix } from "../../../src/lint/diagnostic.js";
import { lint } from "../../../src/lint/lint.js";
import { loadSpecIndex } from "../../../src/lint/load-check-inputs.js";
import { operationNotFound } from "../../../src/lint/rules/operation-not-found.js";
import { loadSpec } from "../../../src/openapi/load-spec.js";
import { createOperationIndex, type OperationIndex } from "../../../src/openapi/operation-index.js";
import { packagePath } from "../../../src/package/package-root.js";
import { requestTool } from "../support/test-rule.js";

let todos: OperationIndex;
let events: OperationIndex;
let versioned: OperationIndex;
beforeAll(async () => {
  todos = await loadSpecIndex(packagePath("fixtures", "todo", "todo-api.openapi.yaml"));
  events = await loadSpecIndex(packagePath("tools", "event-api.openapi.yaml"));
  versioned = createOperationIndex(
    await loadSpec({
      openapi: "3.0.0",
      info: { title: "Versioned to-dos", version: "1" },
      servers: [{ url: "https://todo.example.com/api/v1" }],
      paths: {
        "/todos/{todoId}": {
          patch: {
            operationId: "updateTodo",
            parameters: [{ name: "todoId", in: "path", required: true, schema: { type: "integer" } }],
            responses: { "200": { description: "changed" } },
          },
        },
      },
    }),
  );
});

function fixOf(config: RequestToolConfig, spec: OperationIndex): Fix | undefined {
  const [finding] = lint([{ config, source: { file: "t.yaml", path: "" } }], {
    spec,
    rules: [operationNotFound],
  });
  return finding?.fix;
}

const id = { type: "string", in: "path", required: true, description: "the to-do to change" } as const;
const updateTodo = (changes: Partial<RequestToolConfig>) =>
  requestTool({ method: "PUT", name: "update_todo", url: "{{$vars.base_url}}/todos/:id", ...changes });

describe("the operation fix rewrites the config as one coherent change", () => {
  test("the to-do case: PUT /todos/:id → PATCH /todos/:todoId, the id param renamed and typed as the spec types it", () => {
    expect(fixOf(updateTodo({ queryParamsSchema: { id } }), todos)).toEqual({
      description: "PATCH {{$vars.base_url}}/todos/:todoId with the path param id renamed todoId (integer)",
      changes: [
        { path: "method", value: "PATCH" },
        { path: "url", value: "{{$vars.base_url}}/todos/:todoId" },
        { path: "queryParamsSchema.id", renameTo: "todoId" },
        { path: "queryParamsSchema.todoId.type", value: "integer" },
      ],
      configPath: "",
    });
  });

  test("a path param the operation has no place for is removed: the standard profile would append it", () => {
    const version = { type: "string", in: "path", required: true } as const;
    // PATCH /todos/:id/:version is no operation; the nearest is PATCH /todos/{todoId}.
    const params = { id, version, q: { type: "string", in: "query" } } as const;
    const fix = fixOf(updateTodo({ method: "PATCH", queryParamsSchema: params }), todos);
    expect(fix?.changes.slice(2)).toEqual([
      { path: "queryParamsSchema.id", renameTo: "todoId" },
      { path: "queryParamsSchema.todoId.type", value: "integer" },
      { path: "queryParamsSchema.version" },
    ]);
    expect(fix?.description).toBe(
      "PATCH {{$vars.base_url}}/todos/:todoId with the path param id renamed todoId (integer), without the path param version",
    );
  });

  test("a param already named as the spec names it is changed key by key", () => {
    const todoId = { type: "string", in: "path" } as const;
    const fix = fixOf(
      updateTodo({ url: "{{$vars.base_url}}/todos/:todoId", queryParamsSchema: { todoId } }),
      todos,
    );
    expect(fix?.changes.slice(2)).toEqual([
      { path: "queryParamsSchema.todoId.type", value: "integer" },
      { path: "queryParamsSchema.todoId.required", value: true },
    ]);
  });

  test("an operation one id deeper: the tutorial's update_event gains the id the spec describes", () => {
    const fix = fixOf(requestTool({ method: "PUT", name: "update_event" }), events);
    expect(fix?.changes).toEqual([
      { path: "method", value: "PATCH" },
      { path: "url", value: "{{$vars.base_url}}/events/:id" },
      {
        path: "queryParamsSchema.id",
        value: { type: "string", in: "path", required: true, description: "ID of the event" },
      },
    ]);
  });

  test("the server's base path and the URL's own query stay", () => {
    const fix = fixOf(
      updateTodo({ url: "https://todo.example.com/api/v1/todos/:id?verbose=1", queryParamsSchema: { id } }),
      versioned,
    );
    expect(fix?.changes[1]).toEqual({
      path: "url",
      value: "https://todo.example.com/api/v1/todos/:todoId?verbose=1",
    });
  });

  test("a placeholder without a param of its own gets a new param, not a rename", () => {
    const fix = fixOf(updateTodo({}), todos);
    expect(fix?.changes.slice(2)).toEqual([
      {
        path: "queryParamsSchema.todoId",
        value: { type: "integer", in: "path", required: true, description: "the to-do's id" },
      },
    ]);
  });
});
