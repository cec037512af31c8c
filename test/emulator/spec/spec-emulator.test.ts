import { describe, expect, test } from "vitest";
import { createSpecEmulator, type SpecEmulator } from "../../../src/emulator/spec/spec-emulator.js";
import { loadSpec } from "../../../src/openapi/load-spec.js";
import { oasExample } from "../../support/real-specs.js";

const ORIGIN = "http://api.test";

const Pet = {
  type: "object",
  required: ["id", "name"],
  properties: { id: { type: "integer", readOnly: true }, name: { type: "string" }, tag: { type: "string" } },
};
const Owner = {
  type: "object",
  required: ["name"],
  properties: { ownerId: { type: "string", format: "uuid" }, name: { type: "string" } },
};
const Problem = {
  type: "object",
  required: ["message", "code"],
  properties: { message: { type: "string" }, code: { type: "integer" } },
};
const json = (schema: unknown) => ({ content: { "application/json": { schema } } });

/** Owners (uuid ids, `<name>Id`) with their pets nested (integer ids), a search action and 422s. */
const SPEC = {
  openapi: "3.0.3",
  info: { title: "Owners", version: "1" },
  servers: [{ url: `${ORIGIN}/v1` }],
  paths: {
    "/owners": {
      get: {
        responses: {
          "200": json({
            type: "object",
            properties: { total: { type: "integer" }, data: { type: "array", items: Owner } },
          }),
        },
      },
      post: {
        requestBody: { required: true, ...json(Owner) },
        responses: { "201": json(Owner), "422": json(Problem) },
      },
    },
    "/owners/{ownerId}": {
      parameters: [
        { name: "ownerId", in: "path", required: true, schema: { type: "string", format: "uuid" } },
      ],
      get: { responses: { "200": json(Owner), "404": json(Problem) } },
      delete: { responses: { "204": { description: "gone" } } },
    },
    "/owners/{ownerId}/pets": {
      parameters: [{ name: "ownerId", in: "path", required: true, schema: { type: "string" } }],
      get: {
        parameters: [{ name: "limit", in: "query", schema: { type: "integer", maximum: 50 } }],
        responses: { "200": json({ type: "array", items: Pet }), "400": json(Problem) },
      },
      post: {
        requestBody: { required: true, ...json(Pet) },
        responses: { "201": json(Pet), "400": json(Problem) },
      },
    },
    "/owners/{ownerId}/pets/{petId}": {
      parameters: [
        { name: "ownerId", in: "path", required: true, schema: { type: "string" } },
        { name: "petId", in: "path", required: true, schema: { type: "integer" } },
      ],
      get: { responses: { "200": json(Pet), "400": json(Problem), "404": json(Problem) } },
      put: {
        requestBody: { required: true, ...json(Pet) },
        responses: { "200": json(Pet), "400": json(Problem) },
      },
      patch: {
        requestBody: {
          required: true,
          content: { "application/merge-patch+json": { schema: { type: "object" } } },
        },
        responses: { "200": json(Pet) },
      },
      delete: { responses: { "204": { description: "gone" } } },
    },
    "/search": {
      post: {
        requestBody: {
          ...json({
            type: "object",
            required: ["q"],
            properties: { q: { type: "string", pattern: "^(a+)+$" } },
          }),
        },
        responses: {
          "200": {
            content: {
              "application/json": {
                schema: { type: "object", properties: { hits: { type: "integer" } } },
                example: { hits: 3 },
              },
            },
          },
        },
      },
    },
    "/stats": {
      get: {
        responses: {
          "200": json({
            type: "object",
            required: ["count"],
            properties: { count: { type: "integer", minimum: 1 } },
          }),
        },
      },
    },
  },
};

async function emulator(): Promise<SpecEmulator> {
  return createSpecEmulator(await loadSpec(SPEC));
}

function send(target: SpecEmulator, method: string, path: string, body?: unknown, type = "application/json") {
  const init: RequestInit = { method };
  if (body !== undefined) {
    init.body = typeof body === "string" ? body : JSON.stringify(body);
    init.headers = { "content-type": type };
  }
  return target.fetch(new Request(`${ORIGIN}/v1${path}`, init));
}

async function newOwner(target: SpecEmulator): Promise<string> {
  const created = await send(target, "POST", "/owners", { name: "Ada" });
  expect(created.status).toBe(201);
  return ((await created.json()) as { ownerId: string }).ownerId;
}

describe("createSpecEmulator: resources inferred from the paths", () => {
  test("explains each operation", async () => {
    expect((await emulator()).explain()).toEqual([
      'GET /owners → list owners, the items inside "data"',
      "POST /owners → create owners, id field ownerId",
      "GET /owners/{ownerId} → read owners; invalid requests are answered 404 (the nearest declared 4xx)",
      "DELETE /owners/{ownerId} → delete owners",
      "GET /owners/{ownerId}/pets → list pets under /owners/{ownerId}; missing items are answered 400 (the nearest declared 4xx)",
      "POST /owners/{ownerId}/pets → create pets under /owners/{ownerId}, id field id (from {petId}); missing items are answered 400 (the nearest declared 4xx)",
      "GET /owners/{ownerId}/pets/{petId} → read pets under /owners/{ownerId}",
      "PUT /owners/{ownerId}/pets/{petId} → replace pets under /owners/{ownerId}; missing items are answered 400 (the nearest declared 4xx)",
      "PATCH /owners/{ownerId}/pets/{petId} → update pets under /owners/{ownerId}",
      "DELETE /owners/{ownerId}/pets/{petId} → delete pets under /owners/{ownerId}",
      "POST /search → answer from examples or the schema (not a collection/item pair)",
      "GET /stats → answer from examples or the schema (not a collection/item pair)",
    ]);
  });

  test("the served base path is the first server's", async () => {
    expect((await emulator()).server).toEqual({ origin: ORIGIN, basePath: "/v1" });
  });

  test("creates with an id fitting the schema, reads back, lists wrapped, deletes", async () => {
    const target = await emulator();
    const ownerId = await newOwner(target);
    expect(ownerId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await (await send(target, "GET", `/owners/${ownerId}`)).json()).toEqual({ name: "Ada", ownerId });
    expect(await (await send(target, "GET", "/owners")).json()).toEqual({
      total: 1,
      data: [{ name: "Ada", ownerId }],
    });
    expect((await send(target, "DELETE", `/owners/${ownerId}`)).status).toBe(204);
    expect((await send(target, "GET", `/owners/${ownerId}`)).status).toBe(404);
  });

  test("a nested collection is scoped to its parent, which must exist", async () => {
    const target = await emulator();
    const [ada, bob] = [await newOwner(target), await newOwner(target)];
    const first = await send(target, "POST", `/owners/${ada}/pets`, { name: "Rex" });
    const second = await send(target, "POST", `/owners/${ada}/pets`, { name: "Tom" });
    expect([await first.json(), await second.json()]).toEqual([
      { name: "Rex", id: 1 },
      { name: "Tom", id: 2 },
    ]);
    expect(await (await send(target, "GET", `/owners/${bob}/pets`)).json()).toEqual([]);
    expect((await send(target, "GET", `/owners/${bob}/pets/1`)).status).toBe(404);
    const orphan = await send(target, "GET", "/owners/nobody/pets");
    // The list declares no 404: its one declared 4xx, with its declared error schema.
    expect([orphan.status, await orphan.json()]).toEqual([
      400,
      { message: "owners nobody not found", code: 400 },
    ]);
    await send(target, "DELETE", `/owners/${ada}`);
    expect(Object.keys(target.snapshot())).toEqual(["/owners"]);
  });

  test("PUT replaces and PATCH merges (JSON Merge Patch); neither moves the id", async () => {
    const target = await emulator();
    const owner = await newOwner(target);
    await send(target, "POST", `/owners/${owner}/pets`, { name: "Rex", tag: "dog" });
    const put = await send(target, "PUT", `/owners/${owner}/pets/1`, { id: 9, name: "Rex II", tag: "dog" });
    expect(await put.json()).toEqual({ id: 1, name: "Rex II", tag: "dog" });
    const patch = await send(
      target,
      "PATCH",
      `/owners/${owner}/pets/1`,
      { name: "Tom", tag: null },
      "application/merge-patch+json",
    );
    expect(await patch.json()).toEqual({ id: 1, name: "Tom" });
  });

  test("an id given in the body is used, and a taken one is refused", async () => {
    const target = await emulator();
    const owner = await newOwner(target);
    expect((await send(target, "POST", `/owners/${owner}/pets`, { id: 7, name: "Rex" })).status).toBe(201);
    const again = await send(target, "POST", `/owners/${owner}/pets`, { id: 7, name: "Rex" });
    expect([again.status, await again.json()]).toEqual([
      400,
      { message: "pets 7 already exists", code: 400 },
    ]);
    expect(
      (await (await send(target, "POST", `/owners/${owner}/pets`, { name: "Tom" })).json()) as object,
    ).toEqual({ name: "Tom", id: 8 });
  });
});

describe("createSpecEmulator: requests are validated against the operation", () => {
  test.each([
    [
      "a query parameter off its schema",
      "GET",
      "/pets?limit=500",
      undefined,
      400,
      'query parameter "limit" must be <= 50',
    ],
    [
      "a path parameter off its type",
      "GET",
      "/pets/abc",
      undefined,
      400,
      'path parameter "petId" must be integer',
    ],
    ["a body off its schema", "POST", "/pets", { name: 3 }, 400, "request body: /name must be string"],
    ["a body that is not JSON", "POST", "/pets", "{", 400, "request body is not valid JSON"],
    ["a missing body", "PUT", "/pets/1", undefined, 400, "request body is required"],
  ])("%s: 400 with the declared error schema", async (_name, method, path, body, status, message) => {
    const target = await emulator();
    const owner = await newOwner(target);
    await send(target, "POST", `/owners/${owner}/pets`, { name: "Rex" });
    const answer = await send(target, method, `/owners/${owner}${path}`, body);
    expect([answer.status, await answer.json()]).toEqual([status, { message, code: status }]);
  });

  test("422 where the operation declares 422 and no 400", async () => {
    const answer = await send(await emulator(), "POST", "/owners", { name: 1 });
    expect(answer.status).toBe(422);
  });

  test("a content type the operation does not declare: 415, or its declared 4xx (422 here)", async () => {
    const form = ["name=Ada", "application/x-www-form-urlencoded"] as const;
    const answer = await send(await emulator(), "POST", "/owners", ...form);
    expect([answer.status, await answer.json()]).toEqual([
      422,
      {
        message: 'Content-Type "application/x-www-form-urlencoded" is not one of application/json',
        code: 422,
      },
    ]);
    const undeclared = await send(await emulator(), "POST", "/search", ...form);
    expect([undeclared.status, undeclared.headers.get("content-type")]).toEqual([
      415,
      "application/problem+json",
    ]);
  });

  test("a body over 1 MiB: 413; JSON nested past 256 levels: 400 (422 where only 422 is declared)", async () => {
    const target = await emulator();
    expect((await send(target, "POST", "/search", { q: "x".repeat(1024 * 1024) })).status).toBe(413);
    expect((await send(target, "POST", "/owners", { name: "x".repeat(1024 * 1024) })).status).toBe(422);
    const deep = `${"[".repeat(300)}${"]".repeat(300)}`;
    expect((await send(target, "POST", "/owners", deep)).status).toBe(422);
  });

  test("an unknown path: 404; a known path with another method: 405 with Allow", async () => {
    const target = await emulator();
    const unknown = await send(target, "GET", "/nothing");
    expect([unknown.status, unknown.headers.get("content-type")]).toEqual([404, "application/problem+json"]);
    const wrong = await send(target, "PUT", "/owners");
    expect([wrong.status, wrong.headers.get("allow")]).toEqual([405, "GET, POST"]);
  });

  test("a pattern that backtracks exponentially still judges a crafted request, in linear time (RE2)", async () => {
    const refused = await send(await emulator(), "POST", "/search", { q: `${"a".repeat(5_000)}!` });
    expect([refused.status, ((await refused.json()) as { detail: string }).detail]).toEqual([
      400,
      'request body: /q must match pattern "^(a+)+$"',
    ]);
    expect((await send(await emulator(), "POST", "/search", { q: "a".repeat(5_000) })).status).toBe(200);
  });
});

describe("createSpecEmulator: other operations answer from the spec", () => {
  test("the example when the response has one", async () => {
    expect(await (await send(await emulator(), "POST", "/search", { q: "aa" })).json()).toEqual({ hits: 3 });
  });

  test("else data generated from the schema, the same every time", async () => {
    const [first, second] = [await emulator(), await emulator()];
    const a = await (await send(first, "GET", "/stats")).json();
    expect(a).toEqual(await (await send(second, "GET", "/stats")).json());
    expect((a as { count: number }).count).toBeGreaterThanOrEqual(1);
  });
});

describe("createSpecEmulator: seed data", () => {
  test("from a seed, which reset() returns to", async () => {
    const seed = { "/owners": [{ ownerId: "11111111-1111-4111-8111-111111111111", name: "Ada" }] };
    const target = createSpecEmulator(await loadSpec(SPEC), { seed });
    await send(target, "DELETE", "/owners/11111111-1111-4111-8111-111111111111");
    expect(target.snapshot()).toEqual({});
    target.reset();
    expect(target.snapshot()).toEqual(seed);
  });

  test.each([
    [{ "/cats": [] }, 'seed: "/cats" is not a collection of the spec'],
    [{ "/owners": {} }, 'seed: "/owners" must be an array of items'],
    [{ "/owners": [1] }, 'seed: "/owners"[0] must be an object'],
  ])("a bad seed is a load error: %j", async (seed, message) => {
    const spec = await loadSpec(SPEC);
    expect(() => createSpecEmulator(spec, { seed: seed as never })).toThrow(message);
  });

  test("from the examples of the Petstore's list answers, with the id field found in the schema", async () => {
    const target = createSpecEmulator(await loadSpec(oasExample("3.0/json/petstore.json")));
    expect(target.explain()).toContain("PUT /pet → replace pet (id from the body's id)");
    const created = await target.fetch(
      new Request("http://petstore.swagger.io/v2/pet", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "doggie", photoUrls: [] }),
      }),
    );
    // The Petstore declares no 2xx for POST /pet: a create answers 201.
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const read = await target.fetch(new Request(`http://petstore.swagger.io/v2/pet/${id}`));
    expect(await read.json()).toMatchObject({ id, name: "doggie" });
  });
});
