import { beforeAll, describe, expect, test } from "vitest";
import { ToolDeckError } from "../../../../../src/errors.js";
import { loadSpec } from "../../../../../src/openapi/load-spec.js";
import { createOperationIndex, type OperationIndex } from "../../../../../src/openapi/operation-index.js";
import { packagePath } from "../../../../../src/package/package-root.js";
import type { ExecutableTool } from "../../../../../src/runtime/tool-result.js";
import { createToolkit, type ToolkitOptions } from "../../../../../src/runtime/toolkit/create-toolkit.js";
import { FLOWISE_DEFAULT_CODE } from "../../../../../src/runtime/toolkit/flowise-default-code.js";
import { QUIRKS_SPEC } from "../../../../runtime/toolkit/quirks-spec.js";

const SCHEMA_07 = "http://json-schema.org/draft-07/schema#";
let index: OperationIndex;

beforeAll(async () => {
  index = createOperationIndex(await loadSpec(QUIRKS_SPEC));
});

/** A fetch that records what it was asked and answers with a fixed response. */
function answering(make: () => Response) {
  const calls: { url: string; method: string; headers: Record<string, string>; body: string | undefined }[] =
    [];
  const fetch = async (input: string | URL | Request, init: RequestInit = {}) => {
    calls.push({
      url: String(input),
      method: init.method ?? "GET",
      headers: Object.fromEntries(new Headers(init.headers)),
      body: typeof init.body === "string" ? init.body : undefined,
    });
    return make();
  };
  return { fetch, calls };
}

async function flowiseTools(config: Record<string, unknown> = {}, options: ToolkitOptions = {}) {
  const tools = await createToolkit(
    { kind: "openapi-toolkit", spec: "quirks.yaml", ...config },
    { profile: "flowise", spec: index, ...options },
  );
  const byName = (name: string) => tools.find((tool) => tool.name === name) as ExecutableTool;
  return { tools, byName };
}

describe("which operations become Flowise tools", () => {
  test("get/post/put/patch/delete with an operationId, in document order; description, summary, operationId", async () => {
    const { tools } = await flowiseTools();
    expect(tools.map((tool) => [tool.name, tool.description])).toEqual([
      ["getThing", "Get a thing"],
      ["deleteThing", "Delete a thing"],
      ["patchThing", "patchThing"],
      ["createThing", "createThing"],
      ["copyThing", "copyThing"],
    ]);
  });

  test("selectedEndpoints keeps the named ones and silently ignores unknown names", async () => {
    const { tools } = await flowiseTools({ selectedEndpoints: ["createThing", "getThing", "nope"] });
    expect(tools.map((tool) => tool.name)).toEqual(["getThing", "createThing"]);
  });

  test("returnDirect is carried on every tool", async () => {
    const { tools } = await flowiseTools({ returnDirect: true });
    expect(tools.every((tool) => tool.returnDirect === true)).toBe(true);
  });

  test("a spec without servers is Flowise's load error", async () => {
    const bare = createOperationIndex(
      await loadSpec({ ...QUIRKS_SPEC, servers: [] }, { label: "quirks.yaml" }),
    );
    const error = await createToolkit(
      { kind: "openapi-toolkit", spec: "quirks.yaml" },
      { profile: "flowise", spec: bare },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolDeckError);
    expect((error as Error).message).toBe("quirks.yaml: OpenAPI spec does not contain a server URL");
  });
});

describe("Flowise's input schemas (zod v3 through zod-to-json-schema)", () => {
  test("operation parameters only: string, number, boolean and enum kept, integer/array/header dropped", async () => {
    const { byName } = await flowiseTools();
    expect(byName("getThing").inputSchema).toEqual({
      type: "object",
      properties: {
        PathParameters: {
          type: "object",
          properties: { id: { type: "string", description: "Thing id" } },
          required: ["id"],
          additionalProperties: false,
        },
        QueryParameters: {
          type: "object",
          properties: {
            q: { type: "string", description: "Search" },
            score: { type: "number", description: "score" },
            exact: { type: "boolean", description: "Exact match" },
            sort: { type: "string", enum: ["asc", "desc"], description: "Order. Valid values: asc, desc" },
          },
          required: ["exact"],
          additionalProperties: false,
        },
      },
      required: ["PathParameters", "QueryParameters"],
      additionalProperties: false,
      $schema: SCHEMA_07,
    });
  });

  test("a body: nested objects use the top-level required list, arrays are required, allOf and bare objects are unknown", async () => {
    const { byName } = await flowiseTools();
    const schema = byName("createThing").inputSchema as {
      properties: { RequestBody: Record<string, unknown> };
      required: string[];
    };
    expect(schema.required).toEqual(["RequestBody"]);
    expect(schema.properties.RequestBody).toEqual({
      type: "object",
      properties: {
        name: { type: "string", description: "name" },
        count: { type: "integer", description: "How many" },
        ratio: { type: "number", minimum: 0, maximum: 1, description: "ratio" },
        flags: {
          type: "array",
          items: { anyOf: [{ not: {} }, { type: "string", description: "flags" }], description: "flags" },
        },
        owner: {
          type: "object",
          properties: {
            name: { type: "string", description: "name" },
            email: { type: "string", description: "email" },
          },
          required: ["name"],
          additionalProperties: false,
        },
        meta: {},
        mixed: {},
        state: { type: "string", enum: ["on", "off"], description: "state" },
        id: { type: "string", description: "id" },
        note: { type: "string", description: "note" },
      },
      required: ["name", "flags", "owner"],
      additionalProperties: false,
    });
  });

  test("an empty parameter list still makes both wrappers; a body without a usable media type adds input", async () => {
    const { byName } = await flowiseTools();
    expect(byName("deleteThing").inputSchema).toEqual({
      type: "object",
      properties: {
        PathParameters: { type: "object", properties: {}, additionalProperties: false },
        QueryParameters: { type: "object", properties: {}, additionalProperties: false },
        input: { type: "string", description: "Query input" },
      },
      required: ["PathParameters", "QueryParameters"],
      additionalProperties: false,
      $schema: SCHEMA_07,
    });
  });

  test("a body that is only allOf is unknown (and so optional)", async () => {
    const { byName } = await flowiseTools();
    expect(byName("patchThing").inputSchema).toEqual({
      type: "object",
      properties: { RequestBody: {} },
      additionalProperties: false,
      $schema: SCHEMA_07,
    });
  });

  test("a recursive body schema does not recurse forever", async () => {
    const tree = createOperationIndex(await loadSpec(packagePath("fixtures", "openapi", "recursive.yaml")));
    const [tool] = await createToolkit(
      { kind: "openapi-toolkit", spec: "tree" },
      { profile: "flowise", spec: tree },
    );
    type BodySchema = { properties: { RequestBody: { properties: Record<string, unknown> } } };
    const body = (tool as ExecutableTool).inputSchema as BodySchema;
    const properties = body.properties.RequestBody.properties;
    expect(properties.children).toEqual({ type: "array", items: {} });
    expect(properties.parent).toEqual({});
  });
});

describe("Flowise's requests", () => {
  const json = () => Response.json({ ok: true });

  test("first {name} only, a bare ? for empty QueryParameters, no body for GET", async () => {
    const { fetch, calls } = answering(json);
    const { byName } = await flowiseTools({}, { fetch });
    await byName("copyThing").invoke({ PathParameters: { id: "a b" }, QueryParameters: {} });
    await byName("getThing").invoke({
      PathParameters: { id: "7" },
      QueryParameters: { exact: true, q: "x y", sort: "asc" },
    });
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      "PUT http://api.test/v1/things/a%20b/copies/{id}?",
      "GET http://api.test/v1/things/7?q=x+y&exact=true&sort=asc",
    ]);
    expect(calls[1]?.body).toBeUndefined();
  });

  test("a JSON body for every method but GET; configured headers after Content-Type", async () => {
    const { fetch, calls } = answering(json);
    const { byName } = await flowiseTools(
      { headers: '{"Authorization": "Bearer t", "Content-Type": "application/vnd+json"}' },
      { fetch },
    );
    await byName("createThing").invoke({ RequestBody: { name: "n", flags: [], owner: { name: "o" } } });
    expect(calls[0]).toEqual({
      url: "http://api.test/v1/things?",
      method: "POST",
      headers: { authorization: "Bearer t", "content-type": "application/vnd+json" },
      body: '{"name":"n","flags":[],"owner":{"name":"o"}}',
    });
  });

  test("selectedServer replaces the first server", async () => {
    const { fetch, calls } = answering(json);
    const { byName } = await flowiseTools({ selectedServer: "http://other.test" }, { fetch });
    await byName("patchThing").invoke({});
    expect(calls[0]?.url).toBe("http://other.test/things/{id}?");
  });

  test("removeNulls drops null keys from the body, recursively, then the objects (and arrays) it emptied", async () => {
    const body = {
      name: "n",
      flags: [],
      owner: { name: "o" },
      meta: { a: null, b: { c: null } },
      mixed: null,
    };
    const { fetch, calls } = answering(json);
    for (const removeNulls of [true, false]) {
      const { byName } = await flowiseTools({ removeNulls }, { fetch });
      await byName("createThing").invoke({ RequestBody: structuredClone(body) });
    }
    expect(calls.map((call) => call.body)).toEqual([
      '{"name":"n","owner":{"name":"o"}}',
      '{"name":"n","flags":[],"owner":{"name":"o"},"meta":{"a":null,"b":{"c":null}},"mixed":null}',
    ]);
  });

  test("unknown keys are stripped; mismatched scalars are converted and retried", async () => {
    const { fetch, calls } = answering(json);
    const { byName } = await flowiseTools({}, { fetch });
    const result = await byName("getThing").invoke({
      PathParameters: { id: 7 },
      QueryParameters: { exact: "yes", score: "1.5" },
      extra: 1,
    });
    expect(result.ok).toBe(true);
    expect(calls[0]?.url).toBe("http://api.test/v1/things/7?score=1.5&exact=true");
  });

  test("arguments that cannot be fixed fail with Flowise's message and the zod error", async () => {
    const { fetch, calls } = answering(json);
    const { byName } = await flowiseTools({}, { fetch });
    const result = await byName("getThing").invoke({ PathParameters: {}, QueryParameters: { exact: true } });
    expect(result.ok).toBe(false);
    expect(result.output.startsWith("Received tool input did not match expected schema [\n  {")).toBe(true);
    expect(result.output).toContain('"message": "id required"');
    expect(calls).toEqual([]);
  });
});

describe("Flowise's default code", () => {
  test.each([
    ["the JSON body of a 2xx", () => Response.json({ a: 1 }), '{"a":1}'],
    ["the JSON body of a 500", () => Response.json({ error: "boom" }, { status: 500 }), '{"error":"boom"}'],
    ["nothing for a 204", () => new Response(null, { status: 204 }), ""],
    ["nothing for text", () => new Response("hello"), ""],
    [
      "nothing when the network fails",
      () => {
        throw new TypeError("fetch failed");
      },
      "",
    ],
  ])("outputs %s", async (_, make, output) => {
    const { fetch } = answering(make);
    for (const customCode of [
      undefined,
      FLOWISE_DEFAULT_CODE,
      `  ${FLOWISE_DEFAULT_CODE.replaceAll("\t", "    ")}`,
    ]) {
      const { byName } = await flowiseTools(customCode ? { customCode } : {}, { fetch });
      expect(await byName("patchThing").invoke({})).toMatchObject({ ok: true, output });
    }
  });
});
