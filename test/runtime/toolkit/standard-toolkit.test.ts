import { beforeAll, describe, expect, test } from "vitest";
import { ToolDeckError } from "../../../src/errors.js";
import { loadSpec } from "../../../src/openapi/load-spec.js";
import { createOperationIndex, type OperationIndex } from "../../../src/openapi/operation-index.js";
import { packagePath } from "../../../src/package/package-root.js";
import type { ExecutableTool } from "../../../src/runtime/tool-result.js";
import { createToolkit, type ToolkitOptions } from "../../../src/runtime/toolkit/create-toolkit.js";
import { QUIRKS_SPEC } from "./quirks-spec.js";

let quirks: OperationIndex;
beforeAll(async () => {
  quirks = createOperationIndex(await loadSpec(QUIRKS_SPEC));
});

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

function answering(make: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetch = async (input: string | URL | Request, init: RequestInit = {}) => {
    const call = {
      url: String(input),
      method: init.method ?? "GET",
      headers: Object.fromEntries(new Headers(init.headers)),
      body: typeof init.body === "string" ? init.body : undefined,
    };
    calls.push(call);
    return make(call);
  };
  return { fetch, calls };
}

async function standardTools(
  spec: OperationIndex,
  config: Record<string, unknown> = {},
  options: ToolkitOptions = {},
) {
  const tools = await createToolkit(
    { kind: "openapi-toolkit", spec: "spec.yaml", ...config },
    { spec, ...options },
  );
  return { tools, byName: (name: string) => tools.find((tool) => tool.name === name) as ExecutableTool };
}

async function indexOf(document: Record<string, unknown>) {
  return createOperationIndex(
    await loadSpec({ openapi: "3.1.0", info: { title: "T", version: "1" }, ...document }),
  );
}

describe("standard tool names", () => {
  test("operationId, else <method>_<path>; sanitised to 64 safe characters and de-duplicated", async () => {
    const long = "x".repeat(70);
    const spec = await indexOf({
      servers: [{ url: "https://api.test" }],
      paths: {
        "/a/{id}": { get: { operationId: "repos/get" }, put: { operationId: "repos get" } },
        "/b": {
          get: {},
          post: { operationId: long },
          put: { operationId: long },
          delete: { operationId: "ok-name_1" },
        },
        "/c.d/{e}": { patch: {} },
        "/a/{id}/x": { options: { operationId: "skipped" }, head: {} },
      },
    });
    const { tools } = await standardTools(spec);
    expect(tools.map((tool) => tool.name)).toEqual([
      "repos_get",
      "repos_get_2",
      "get_b",
      "x".repeat(64),
      `${"x".repeat(62)}_2`,
      "ok-name_1",
      "patch_c_d_e",
    ]);
  });
});

describe("standard input schemas", () => {
  test("path-level parameters merged, every type kept, header parameters shown unless configured (or Accept)", async () => {
    const { byName } = await standardTools(quirks, { headers: { "x-trace": "t-1" } });
    const schema = byName("getThing").inputSchema as {
      properties: Record<string, unknown>;
      required: string[];
    };
    expect(schema.properties.QueryParameters).toEqual({
      type: "object",
      properties: {
        limit: { type: "integer" },
        q: { type: "string", title: "Search", description: "search text" },
        score: { type: "number" },
        exact: { type: "boolean", description: "Exact match" },
        sort: { type: "string", description: "Order", enum: ["asc", "desc"] },
        tags: { type: "array", items: { type: "string" } },
      },
      required: ["exact"],
      additionalProperties: false,
    });
    expect(schema.properties.HeaderParameters).toBeUndefined();
    expect(schema.required).toEqual(["PathParameters", "QueryParameters"]);
    const shown = await standardTools(quirks);
    const withHeader = shown.byName("getThing").inputSchema as { properties: Record<string, unknown> };
    expect(withHeader.properties.HeaderParameters).toEqual({
      type: "object",
      properties: { "X-Trace": { type: "string" } },
      additionalProperties: false,
    });
  });

  test("bodies: nested required as written, allOf merged, read-only left out, nullable, optional body", async () => {
    const { byName } = await standardTools(quirks);
    expect(byName("createThing").inputSchema).toEqual({
      type: "object",
      properties: {
        RequestBody: {
          type: "object",
          properties: {
            name: { type: "string" },
            count: { type: "integer", description: "How many" },
            ratio: { type: "number", minimum: 0, maximum: 1 },
            flags: { type: "array", items: { type: "string" } },
            owner: { type: "object", properties: { name: { type: "string" }, email: { type: "string" } } },
            meta: { type: "object" },
            mixed: { type: "string" },
            state: { type: "string", enum: ["on", "off"] },
            note: { type: ["string", "null"] },
          },
          required: ["name", "label"],
        },
      },
      additionalProperties: false,
    });
    const patch = byName("patchThing").inputSchema as { properties: { RequestBody: unknown } };
    expect(patch.properties.RequestBody).toEqual({
      type: "object",
      properties: { size: { type: "integer", minimum: 1 }, name: { type: "string" } },
      required: ["name", "size"],
    });
  });

  test("a wrapper is required only when something inside it is", async () => {
    const spec = await indexOf({
      servers: [{ url: "https://api.test" }],
      paths: {
        "/search": {
          get: {
            operationId: "search",
            parameters: [{ name: "q", in: "query", schema: { type: "string" } }],
            requestBody: { required: true, content: { "application/json": { schema: { type: "object" } } } },
          },
        },
      },
    });
    const { byName } = await standardTools(spec);
    expect((byName("search").inputSchema as { required: string[] }).required).toEqual(["RequestBody"]);
  });

  test("a recursive body schema is cut where it repeats", async () => {
    const tree = createOperationIndex(await loadSpec(packagePath("fixtures", "openapi", "recursive.yaml")));
    const { byName } = await standardTools(tree);
    const schema = byName("createNode").inputSchema as { properties: { RequestBody: unknown } };
    expect(schema.properties.RequestBody).toEqual({
      type: "object",
      properties: { name: { type: "string" }, children: { type: "array", items: {} }, parent: {} },
      required: ["name"],
    });
  });
});

describe("standard requests", () => {
  test("server variables take their defaults; every placeholder filled; query arrays repeated; headers and cookies", async () => {
    const spec = await indexOf({
      servers: [
        {
          url: "https://{region}.api.test/{version}",
          variables: { region: { default: "eu" }, version: { default: "v2" } },
        },
      ],
      paths: {
        "/orgs/{org}/items/{id}": {
          parameters: [{ name: "org", in: "path", required: true, schema: { type: "string" } }],
          get: {
            operationId: "getItem",
            parameters: [
              { name: "id", in: "path", required: true, schema: { type: "integer" } },
              { name: "tag", in: "query", schema: { type: "array", items: { type: "string" } } },
              {
                name: "ids",
                in: "query",
                explode: false,
                schema: { type: "array", items: { type: "integer" } },
              },
              { name: "filter", in: "query", style: "deepObject", schema: { type: "object" } },
              { name: "X-Request-Id", in: "header", required: true, schema: { type: "string" } },
              { name: "session", in: "cookie", schema: { type: "string" } },
            ],
          },
        },
      },
    });
    const { fetch, calls } = answering(() => Response.json({ id: 5 }));
    const { byName } = await standardTools(
      spec,
      { headers: { Authorization: "Bearer {{$vars.token}}" } },
      { fetch, vars: { token: "s3cret" } },
    );
    const result = await byName("getItem").invoke({
      PathParameters: { org: "a b", id: "5" },
      QueryParameters: { tag: ["x", "y"], ids: [1, 2], filter: { state: "open" } },
      HeaderParameters: { "X-Request-Id": "r-1" },
      CookieParameters: { session: "s=1" },
    });
    expect(result).toMatchObject({ ok: true, output: '{"id":5}' });
    expect(calls).toEqual([
      {
        url: "https://eu.api.test/v2/orgs/a%20b/items/5?tag=x&tag=y&ids=1%2C2&filter%5Bstate%5D=open",
        method: "GET",
        headers: { authorization: "Bearer s3cret", "x-request-id": "r-1", cookie: "session=s%3D1" },
        body: undefined,
      },
    ]);
  });

  test("the body is sent as JSON with its media type, the fixed Content-Type only when there is a body", async () => {
    const { fetch, calls } = answering(() => new Response("created", { status: 201 }));
    const { byName } = await standardTools(quirks, { selectedServer: "http://other.test/" }, { fetch });
    const result = await byName("createThing").invoke({ RequestBody: { name: "n", label: "l", count: "3" } });
    expect(result).toMatchObject({ ok: true, output: "created" });
    expect(calls[0]).toEqual({
      url: "http://other.test/things",
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"name":"n","label":"l","count":3}',
    });
  });

  test("removeNulls drops null arguments before they are checked", async () => {
    const { fetch, calls } = answering(() => Response.json({}));
    const { byName } = await standardTools(quirks, { removeNulls: true }, { fetch });
    const result = await byName("createThing").invoke({
      RequestBody: { name: "n", label: "l", owner: { email: null }, count: null },
    });
    expect(result.ok).toBe(true);
    expect(calls[0]?.body).toBe('{"name":"n","label":"l"}');
  });

  test.each([
    [
      "a non-2xx answer",
      () => new Response('{"message":"Not Found"}', { status: 404, statusText: "Not Found" }),
      'HTTP 404 Not Found: {"message":"Not Found"}',
    ],
    [
      "a network failure",
      () => {
        throw new TypeError("fetch failed", { cause: new Error("connect ECONNREFUSED 127.0.0.1:9") });
      },
      "GET http://api.test/v1/things/7?exact=false failed: fetch failed (connect ECONNREFUSED 127.0.0.1:9)",
    ],
  ])("%s is a failed call whose output says why", async (_, make, output) => {
    const { fetch } = answering(make);
    const { byName } = await standardTools(quirks, {}, { fetch });
    const result = await byName("getThing").invoke({
      PathParameters: { id: "7" },
      QueryParameters: { exact: false },
    });
    expect(result).toMatchObject({ ok: false, output, error: output });
  });

  test("no answer within the timeout is a failed call", async () => {
    const never = (_: string | URL | Request, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) =>
        init?.signal?.addEventListener("abort", () => reject(init.signal?.reason)),
      );
    const { byName } = await standardTools(quirks, {}, { fetch: never, timeoutMs: 20 });
    const result = await byName("patchThing").invoke({ PathParameters: { id: "1" } });
    expect(result).toMatchObject({
      ok: false,
      output: "PATCH http://api.test/v1/things/1 failed: no answer within 20 ms",
    });
  });

  test.each([
    [
      { PathParameters: { id: 1 }, QueryParameters: {} },
      "invalid arguments for getThing: QueryParameters must have required property 'exact'",
    ],
    [
      { PathParameters: { id: "1" }, QueryParameters: { exact: true, sort: "up" } },
      'invalid arguments for getThing: QueryParameters.sort must be equal to one of the allowed values ("asc", "desc")',
    ],
    ["not json", "invalid arguments for getThing: arguments must be object"],
  ])("arguments %j are refused: %s", async (args, output) => {
    const { fetch, calls } = answering(() => Response.json({}));
    const { byName } = await standardTools(quirks, {}, { fetch });
    expect(await byName("getThing").invoke(args)).toMatchObject({ ok: false, output });
    expect(calls).toEqual([]);
  });

  test("an unknown variable and a relative server are one-line failures", async () => {
    const unknown = await standardTools(quirks, { headers: { Authorization: "{{$vars.token}}" } });
    expect(await unknown.byName("patchThing").invoke({ PathParameters: { id: "1" } })).toMatchObject({
      ok: false,
      output: "patchThing: unknown variable {{$vars.token}}",
    });
    const relative = await standardTools(
      await indexOf({ servers: [{ url: "/api" }], paths: { "/a": { get: { operationId: "a" } } } }),
    );
    expect(await relative.byName("a").invoke({})).toMatchObject({
      ok: false,
      output: 'a: server URL "/api" is not absolute; set selectedServer to the service\'s URL',
    });
  });

  test("a relative server is taken relative to a spec URL", async () => {
    const text = JSON.stringify({
      openapi: "3.0.3",
      info: { title: "R", version: "1" },
      servers: [{ url: "/api/v1" }],
      paths: { "/a": { get: { operationId: "a", responses: {} } } },
    });
    const { fetch, calls } = answering((call) =>
      call.url.endsWith(".json") ? new Response(text) : Response.json([]),
    );
    const tools = await createToolkit(
      { kind: "openapi-toolkit", spec: "https://specs.test/docs/openapi.json" },
      { fetch, allowRemoteRefs: true },
    );
    await tools[0]?.invoke({});
    expect(calls.map((call) => call.url)).toEqual([
      "https://specs.test/docs/openapi.json",
      "https://specs.test/api/v1/a",
    ]);
  });
});

describe("selectedEndpoints under standard", () => {
  test("by operationId, tool name or METHOD /path, in document order", async () => {
    const { tools } = await standardTools(quirks, {
      selectedEndpoints: ["GET /health", "createThing", "getThing"],
    });
    expect(tools.map((tool) => tool.name)).toEqual(["getThing", "createThing", "get_health"]);
  });

  test("an unknown endpoint is a load error", async () => {
    const error = await standardTools(quirks, { name: "things", selectedEndpoints: ["nope"] }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ToolDeckError);
    expect((error as Error).message).toBe(
      'things: selectedEndpoints: "nope" is not an operation of Quirks API',
    );
  });
});
