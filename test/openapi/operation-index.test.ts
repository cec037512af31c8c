import { describe, expect, test } from "vitest";
import { ToolDeckError } from "../../src/errors.js";
import { loadSpec } from "../../src/openapi/load-spec.js";
import { createOperationIndex } from "../../src/openapi/operation-index.js";
import { packageRoot } from "../../src/package/package-root.js";
import { GITHUB_SPEC } from "../support/real-specs.js";

const root = packageRoot();

describe("createOperationIndex", () => {
  test("indexes the five event operations, path-item parameters merged in", async () => {
    const index = createOperationIndex(await loadSpec("tools/event-api.openapi.yaml", { baseDir: root }));
    expect(index.title).toBe("Event Management API");
    const rows = index.operations.map((op) => [
      op.method,
      op.path,
      op.operationId,
      op.parameters.map((p) => p.name).join(","),
      op.operationParameters.length,
      op.requestBody ? "body" : "",
      Object.keys(op.responses).join(","),
      op.servers[0]?.url,
      op.pointer,
    ]);
    expect(rows).toEqual([
      ["GET", "/events", "listEvents", "", 0, "", "200,500", "http://localhost:5566", "#/paths/~1events/get"],
      [
        "POST",
        "/events",
        "createEvent",
        "",
        0,
        "body",
        "201,400,409,413,500",
        "http://localhost:5566",
        "#/paths/~1events/post",
      ],
      [
        "GET",
        "/events/{id}",
        "getEventById",
        "id",
        0,
        "",
        "200,404,500",
        "http://localhost:5566",
        "#/paths/~1events~1{id}/get",
      ],
      [
        "PATCH",
        "/events/{id}",
        "updateEventDetails",
        "id",
        0,
        "body",
        "200,400,404,413,500",
        "http://localhost:5566",
        "#/paths/~1events~1{id}/patch",
      ],
      [
        "DELETE",
        "/events/{id}",
        "deleteEvent",
        "id",
        0,
        "",
        "204,404,500",
        "http://localhost:5566",
        "#/paths/~1events~1{id}/delete",
      ],
    ]);
    expect(index.byOperationId.get("updateEventDetails")?.path).toBe("/events/{id}");
  });

  test("an operation parameter wins over the path item's on the same name and location; servers nest", async () => {
    const spec = await loadSpec({
      openapi: "3.1.0",
      info: { title: "Merge", version: "1" },
      servers: [{ url: "https://root.example" }],
      paths: {
        "/items/{id}": {
          servers: [{ url: "https://path.example" }],
          parameters: [
            { name: "id", in: "path", required: true, schema: { type: "string" }, description: "path level" },
            { name: "id", in: "query", schema: { type: "string" } },
            { name: "trace", in: "header", schema: { type: "string" } },
          ],
          get: {
            parameters: [
              {
                name: "id",
                in: "path",
                required: true,
                schema: { type: "integer" },
                description: "operation level",
              },
            ],
          },
          put: { servers: [{ url: "https://op.example" }] },
        },
      },
    });
    const [get, put] = createOperationIndex(spec).operations;
    expect(get?.parameters.map((p) => `${p.in}:${p.name}:${p.description ?? ""}`)).toEqual([
      "query:id:",
      "header:trace:",
      "path:id:operation level",
    ]);
    expect(get?.servers).toEqual([{ url: "https://path.example" }]);
    expect(put?.servers).toEqual([{ url: "https://op.example" }]);
    expect(get?.responses).toEqual({});
  });

  test("a spec without servers is served from /", async () => {
    const spec = await loadSpec({
      openapi: "3.1.0",
      info: { title: "x", version: "1" },
      paths: { "/a": { get: {} } },
    });
    expect(createOperationIndex(spec).operations[0]?.servers).toEqual([{ url: "/" }]);
  });

  test.each([
    [
      "fixtures/openapi/missing-responses.yaml",
      "fixtures/openapi/missing-responses.yaml#/paths/~1events/get/responses: missing (OpenAPI 3.0 requires responses)",
    ],
    [
      "fixtures/openapi/bad-parameter.yaml",
      'fixtures/openapi/bad-parameter.yaml#/paths/~1events~1{id}/get/parameters/0/in: expected "path", "query", "header" or "cookie"',
    ],
  ])("%s is refused with its JSON pointer", async (file, message) => {
    const spec = await loadSpec(file, { baseDir: root });
    const error = (() => {
      try {
        createOperationIndex(spec);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ToolDeckError);
    expect((error as Error).message).toBe(message);
  });

  test.each([
    [{ "/a": { get: { responses: [] } } }, "<spec object>#/paths/~1a/get/responses: expected an object"],
    [{ a: { get: { responses: {} } } }, '<spec object>#/paths/a: a path must start with "/"'],
    [{ "/a": { parameters: {} } }, "<spec object>#/paths/~1a/parameters: expected an array of parameters"],
    [
      { "/a": { get: { responses: {}, parameters: [{ in: "query" }] } } },
      "<spec object>#/paths/~1a/get/parameters/0/name: expected a parameter name",
    ],
    [
      { "/a": { post: { responses: {}, requestBody: {} } } },
      "<spec object>#/paths/~1a/post/requestBody/content: missing",
    ],
    [{ "/a": { get: "nope" } }, "<spec object>#/paths/~1a/get: expected an object"],
  ])("malformed paths %j are refused", async (paths, message) => {
    const spec = await loadSpec({ openapi: "3.0.3", info: { title: "x", version: "1" }, paths });
    expect(() => createOperationIndex(spec)).toThrow(message);
  });

  test("indexes every operation of GitHub's REST description", async () => {
    const spec = await loadSpec(GITHUB_SPEC);
    const index = createOperationIndex(spec);
    expect(index.operations.length).toBeGreaterThan(1000);
    expect(index.byOperationId.size).toBe(index.operations.length);
    expect(index.byOperationId.get("issues/list-comments")?.path).toBe(
      "/repos/{owner}/{repo}/issues/{issue_number}/comments",
    );
  });
});
