import { describe, expect, test } from "vitest";
import { createSpecEmulator, type SpecEmulator } from "../../../src/emulator/spec/spec-emulator.js";
import { loadSpec } from "../../../src/openapi/load-spec.js";
import { loadGitHubSlice } from "../../support/github-slice.js";
import { oasExample } from "../../support/real-specs.js";

type Answer = [number, unknown];

async function send(
  target: SpecEmulator,
  method: string,
  url: string,
  body?: unknown,
  type = "application/json",
): Promise<Answer> {
  const init: RequestInit = { method };
  if (body !== undefined) {
    init.body = typeof body === "string" ? body : JSON.stringify(body);
    init.headers = { "content-type": type };
  }
  const answer = await target.fetch(new Request(url, init));
  const text = await answer.text();
  return [answer.status, text === "" ? undefined : JSON.parse(text)];
}

/** Things with integer ids of no format (any size), up to `maximum` where given, and a nullable body. */
function thingsSpec(id: object = { type: "integer" }, patchRequired = true) {
  const thing = {
    type: "object",
    nullable: true,
    required: ["id", "name"],
    properties: { id: { ...id, readOnly: true }, name: { type: "string" }, note: { type: "string" } },
  };
  const json = { content: { "application/json": { schema: thing } } };
  const error = {
    content: {
      "application/json": {
        schema: { type: "object", required: ["message"], properties: { message: { type: "string" } } },
      },
    },
  };
  return loadSpec({
    openapi: "3.0.3",
    info: { title: "Things", version: "1" },
    servers: [{ url: "http://things.test" }],
    paths: {
      "/things": {
        post: {
          requestBody: json,
          responses: { "201": { description: "made", ...json }, "409": { description: "taken", ...error } },
        },
      },
      "/things/{id}": {
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "integer" } }],
        get: { responses: { "200": { description: "it", ...json }, "404": { description: "none" } } },
        patch: {
          requestBody: {
            required: patchRequired,
            content: { "application/merge-patch+json": { schema: { type: "object", nullable: true } } },
          },
          responses: {
            "200": { description: "changed", ...json },
            "400": { description: "refused", ...error },
          },
        },
      },
    },
  });
}

const THINGS = "http://things.test/things";

describe("S3: a PATCH never wipes an item", () => {
  test("GitHub: PATCH of a release without a body (optional) leaves it as it is (was {id: 1})", async () => {
    const target = createSpecEmulator(await loadGitHubSlice());
    const releases = "https://api.github.com/repos/o/r/releases";
    const [, created] = await send(target, "POST", releases, { tag_name: "v1", name: "One" });
    const [status, patched] = await send(target, "PATCH", `${releases}/${(created as { id: number }).id}`);
    expect([status, patched]).toEqual([200, created]);
  });

  test("PATCH without a body where it is required: 400, the item as it was", async () => {
    const target = createSpecEmulator(await thingsSpec());
    await send(target, "POST", THINGS, { name: "a", note: "kept" });
    const [status] = await send(target, "PATCH", `${THINGS}/1`);
    expect(status).toBe(400);
    expect(await send(target, "GET", `${THINGS}/1`)).toEqual([200, { id: 1, name: "a", note: "kept" }]);
  });

  test("PATCH with a null body (the spec allows it): the item as it was", async () => {
    const target = createSpecEmulator(await thingsSpec({ type: "integer" }, false));
    await send(target, "POST", THINGS, { name: "a" });
    expect(await send(target, "PATCH", `${THINGS}/1`, "null", "application/merge-patch+json")).toEqual([
      200,
      { id: 1, name: "a" },
    ]);
  });

  test("a merge patch that would remove a required field is refused, the item as it was", async () => {
    const target = createSpecEmulator(await thingsSpec());
    await send(target, "POST", THINGS, { name: "a" });
    const patch = await send(target, "PATCH", `${THINGS}/1`, { name: null }, "application/merge-patch+json");
    expect(patch).toEqual([400, { message: 'request body would remove "name", required of things 1' }]);
    expect(await send(target, "GET", `${THINGS}/1`)).toEqual([200, { id: 1, name: "a" }]);
  });

  test('GitHub: a plain JSON PATCH {"milestone": null} sets it to null; it does not remove it', async () => {
    const target = createSpecEmulator(await loadGitHubSlice());
    const issues = "https://api.github.com/repos/o/r/issues";
    await send(target, "POST", issues, { title: "Broken" });
    const [status, issue] = await send(target, "PATCH", `${issues}/1`, { milestone: null, body: "why" });
    expect(status).toBe(200);
    expect(issue).toMatchObject({ milestone: null, body: "why", title: "Broken", number: 1 });
  });

  test('PATCH {"name": 766} where the patch allows any value and answers name as text reads back as "766", never made up', async () => {
    const target = createSpecEmulator(await thingsSpec());
    await send(target, "POST", THINGS, { name: "a" });
    const patched = await send(target, "PATCH", `${THINGS}/1`, { name: 766 }, "application/merge-patch+json");
    expect(patched).toEqual([200, { id: 1, name: "766" }]);
    expect(await send(target, "GET", `${THINGS}/1`)).toEqual([200, { id: 1, name: "766" }]);
  });
});

describe("S4: ids never collide", () => {
  test.each([
    ["1e20", "1e20", "100000000000000000000"],
    ["2^53", "9007199254740992", "9007199254740992"],
  ])("a huge id (%s) given, then one made up: two items, both found", async (_name, huge, key) => {
    const target = createSpecEmulator(await thingsSpec());
    expect((await send(target, "POST", THINGS, `{"id":${huge},"name":"big"}`))[0]).toBe(201);
    expect(await send(target, "POST", THINGS, { name: "small" })).toEqual([201, { id: 1, name: "small" }]);
    expect((await send(target, "GET", `${THINGS}/${key}`))[1]).toMatchObject({ name: "big" });
    expect(target.snapshot()["/things"]).toHaveLength(2);
  });

  test("petstore-expanded: a body id of the wrong type is a 400, not a made-up -842", async () => {
    const target = createSpecEmulator(await loadSpec(oasExample("3.0/json/petstore-expanded.json")), {
      seed: {},
    });
    const pets = "http://petstore.swagger.io/api/pets";
    for (const name of ["a", "b"]) {
      expect(await send(target, "POST", pets, { name, id: "abc" })).toEqual([
        400,
        { code: 400, message: "request body: /id must be integer" },
      ]);
    }
    expect(target.snapshot()).toEqual({});
  });

  test("a null body (the spec allows it) makes an item with its id", async () => {
    const target = createSpecEmulator(await thingsSpec());
    const [status, created] = await send(target, "POST", THINGS, "null");
    expect([status, (created as { id: number }).id]).toEqual([201, 1]);
    expect(await send(target, "GET", `${THINGS}/1`)).toEqual([200, created]);
  });

  test("made-up ids skip taken ones and stay within the schema's bounds, then say none is free", async () => {
    const target = createSpecEmulator(await thingsSpec({ type: "integer", maximum: 3 }));
    await send(target, "POST", THINGS, { id: 2, name: "given" });
    const ids = [];
    for (let i = 0; i < 2; i++)
      ids.push(((await send(target, "POST", THINGS, { name: "made" }))[1] as { id: number }).id);
    expect(ids).toEqual([3, 1]);
    expect(await send(target, "POST", THINGS, { name: "more" })).toEqual([
      409,
      { message: "no things id is free (every one its schema allows is taken)" },
    ]);
  });

  test("Petstore: order ids fit the path parameter's 1 to 10, so every order can be read back", async () => {
    const target = createSpecEmulator(await loadSpec(oasExample("3.0/json/petstore.json")), { seed: {} });
    const orders = "http://petstore.swagger.io/v2/store/order";
    for (let i = 1; i <= 10; i++) {
      const [, order] = await send(target, "POST", orders, { petId: 1, quantity: 1 });
      expect((await send(target, "GET", `${orders}/${(order as { id: number }).id}`))[0]).toBe(200);
    }
    expect((await send(target, "POST", orders, { petId: 1 }))[0]).toBe(400);
  });

  test("a seed's given ids are taken before any is made up for the others", async () => {
    const target = createSpecEmulator(await thingsSpec(), {
      seed: { "/things": [{ name: "a" }, { id: 1, name: "b" }] },
    });
    expect(target.snapshot()["/things"]).toEqual([
      { id: 2, name: "a" },
      { id: 1, name: "b" },
    ]);
  });
});
