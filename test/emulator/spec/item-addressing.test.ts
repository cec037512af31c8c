import { describe, expect, test } from "vitest";
import { createSpecEmulator, type SpecEmulator } from "../../../src/emulator/spec/spec-emulator.js";
import { loadSpec } from "../../../src/openapi/load-spec.js";
import { loadGitHubSlice } from "../../support/github-slice.js";
import { oasExample } from "../../support/real-specs.js";

const PETSTORE = "http://petstore.swagger.io/v2";
const GITHUB = "https://api.github.com";

function send(target: SpecEmulator, method: string, url: string, body?: unknown): Promise<Response> {
  const init: RequestInit = { method };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { "content-type": "application/json" };
  }
  return target.fetch(new Request(url, init));
}

async function json(response: Promise<Response>): Promise<[number, Record<string, unknown>]> {
  const answer = await response;
  const text = await answer.text();
  return [answer.status, text === "" ? {} : (JSON.parse(text) as Record<string, unknown>)];
}

async function petstore(): Promise<SpecEmulator> {
  return createSpecEmulator(await loadSpec(oasExample("3.0/json/petstore.json")), { seed: {} });
}

async function github(): Promise<SpecEmulator> {
  return createSpecEmulator(await loadGitHubSlice());
}

describe("items are addressed by the field their path parameter names", () => {
  test("Petstore: a user is found by its username, not by its id", async () => {
    const target = await petstore();
    await send(target, "POST", `${PETSTORE}/user`, { id: 5, username: "alice" });
    expect(await json(send(target, "GET", `${PETSTORE}/user/alice`))).toEqual([
      200,
      { id: 5, username: "alice" },
    ]);
    expect((await send(target, "GET", `${PETSTORE}/user/5`)).status).toBe(404);
  });

  test("Petstore: DELETE /user/1 deletes the user named 1, not the user whose id is 1", async () => {
    const target = await petstore();
    await send(target, "POST", `${PETSTORE}/user`, { id: 1, username: "alice" });
    await send(target, "POST", `${PETSTORE}/user`, { id: 2, username: "1" });
    expect((await send(target, "DELETE", `${PETSTORE}/user/1`)).status).toBe(204);
    expect((await send(target, "GET", `${PETSTORE}/user/alice`)).status).toBe(200);
    expect(target.snapshot()["/user"]).toEqual([{ id: 1, username: "alice" }]);
  });

  test("GitHub: a label is read, updated and deleted by its name", async () => {
    const target = await github();
    const labels = `${GITHUB}/repos/o/r/labels`;
    expect((await send(target, "POST", labels, { name: "bug", color: "f00" })).status).toBe(201);
    expect(await json(send(target, "GET", `${labels}/bug`))).toEqual([
      200,
      expect.objectContaining({ name: "bug", color: "f00" }),
    ]);
    const patched = await json(send(target, "PATCH", `${labels}/bug`, { color: "0f0" }));
    expect(patched).toEqual([200, expect.objectContaining({ name: "bug", color: "0f0" })]);
    expect((await send(target, "DELETE", `${labels}/bug`)).status).toBe(204);
    expect((await send(target, "GET", `${labels}/bug`)).status).toBe(404);
  });

  test("GitHub: milestone and issue numbers are made per repository, 1, 2, …", async () => {
    const target = await github();
    const numbers = async (url: string, body: object) =>
      (await json(send(target, "POST", url, body)))[1].number;
    const milestones = `${GITHUB}/repos/o/r/milestones`;
    expect([await numbers(milestones, { title: "v1" }), await numbers(milestones, { title: "v2" })]).toEqual([
      1, 2,
    ]);
    expect(await numbers(`${GITHUB}/repos/o/other/milestones`, { title: "v1" })).toBe(1);
    expect(await json(send(target, "GET", `${milestones}/2`))).toEqual([
      200,
      expect.objectContaining({ number: 2, title: "v2" }),
    ]);
    expect(await numbers(`${GITHUB}/repos/o/r/issues`, { title: "Broken" })).toBe(1);
    expect(await json(send(target, "GET", `${GITHUB}/repos/o/r/issues/1`))).toEqual([
      200,
      expect.objectContaining({ number: 1, title: "Broken" }),
    ]);
  });

  test("GitHub: a team is found by its slug", async () => {
    const target = await github();
    const [status, team] = await json(send(target, "POST", `${GITHUB}/orgs/o/teams`, { name: "Core" }));
    expect(status).toBe(201);
    expect(await json(send(target, "GET", `${GITHUB}/orgs/o/teams/${team.slug}`))).toEqual([200, team]);
  });

  test("--explain names the id field and the parameter it comes from", async () => {
    const lines = (await github()).explain();
    expect(lines).toEqual(
      expect.arrayContaining([
        "POST /repos/{owner}/{repo}/issues → create issues, id field number (from {issue_number})",
        "POST /repos/{owner}/{repo}/labels → create labels, id field name",
        "POST /repos/{owner}/{repo}/milestones → create milestones, id field number (from {milestone_number})",
        "POST /repos/{owner}/{repo}/releases → create releases, id field id (from {release_id})",
        "POST /orgs/{org}/teams → create teams, id field slug (from {team_slug})",
      ]),
    );
  });

  test("a path value is read as its schema's type: /pet/01 is pet 1", async () => {
    const target = await petstore();
    await send(target, "POST", `${PETSTORE}/pet`, { id: 1, name: "Rex", photoUrls: [] });
    expect((await send(target, "GET", `${PETSTORE}/pet/01`)).status).toBe(200);
  });
});

describe("an item no property addresses is found by its path alone", () => {
  const THING = { type: "object", properties: { label: { type: "string" } } };
  const SPEC = {
    openapi: "3.0.3",
    info: { title: "Things", version: "1" },
    servers: [{ url: "http://things.test" }],
    paths: {
      "/things": {
        post: {
          requestBody: { content: { "application/json": { schema: THING } } },
          responses: { "201": { description: "made", content: { "application/json": { schema: THING } } } },
        },
      },
      "/things/{thing}": {
        parameters: [{ name: "thing", in: "path", required: true, schema: { type: "string" } }],
        get: {
          responses: { "200": { description: "it", content: { "application/json": { schema: THING } } } },
        },
      },
    },
  };

  test("--explain says so, and a create answers where the item is", async () => {
    const target = createSpecEmulator(await loadSpec(SPEC));
    expect(target.explain()).toContain("POST /things → create things, id only in the path");
    expect(target.notes()).toEqual([
      "/things/{thing}: no property of the item matches the path parameter {thing}; an item is found by its path alone, and a create answers its path in Location (x-tooldeck-id on the item schema names the field)",
    ]);
    const first = await send(target, "POST", "http://things.test/things", { label: "a" });
    const second = await send(target, "POST", "http://things.test/things", { label: "b" });
    const [a, b] = [first.headers.get("location"), second.headers.get("location")];
    expect([a, b]).toEqual(["/things/1", "/things/2"]);
    expect(await json(send(target, "GET", `http://things.test${b}`))).toEqual([200, { label: "b" }]);
  });
});

describe("a parent the API cannot create is not asked for", () => {
  const TEAM = { type: "object", properties: { slug: { type: "string" }, name: { type: "string" } } };
  const body = { content: { "application/json": { schema: TEAM } } };
  /** Orgs are read, never created (GitHub has no POST /orgs): their teams are kept by the org's path. */
  const SPEC = {
    openapi: "3.0.3",
    info: { title: "Orgs", version: "1" },
    servers: [{ url: "http://orgs.test" }],
    paths: {
      "/orgs/{org}": {
        get: {
          parameters: [{ name: "org", in: "path", required: true, schema: { type: "string" } }],
          responses: { "200": { description: "it", ...body } },
        },
      },
      "/orgs/{org}/teams": {
        parameters: [{ name: "org", in: "path", required: true, schema: { type: "string" } }],
        post: { requestBody: body, responses: { "201": { description: "made", ...body } } },
      },
      "/orgs/{org}/teams/{team_slug}": {
        parameters: [
          { name: "org", in: "path", required: true, schema: { type: "string" } },
          { name: "team_slug", in: "path", required: true, schema: { type: "string" } },
        ],
        get: { responses: { "200": { description: "it", ...body } } },
      },
    },
  };

  test("POST /orgs/acme/teams makes a team of an org no one made (was 404 orgs acme not found)", async () => {
    const target = createSpecEmulator(await loadSpec(SPEC));
    expect((await send(target, "POST", "http://orgs.test/orgs/acme/teams", { slug: "core" })).status).toBe(
      201,
    );
    expect(await json(send(target, "GET", "http://orgs.test/orgs/acme/teams/core"))).toEqual([
      200,
      { slug: "core" },
    ]);
    expect((await send(target, "GET", "http://orgs.test/orgs/other/teams/core")).status).toBe(404);
  });
});

describe("a key no URL can address is refused (issue 41)", () => {
  test.each(["", ".", "..", "a/b"])(
    "GitHub: a label named %j is refused (422, GitHub's invalid status), never stored or listed",
    async (name) => {
      const target = await github();
      const labels = `${GITHUB}/repos/o/r/labels`;
      const [status, problem] = await json(send(target, "POST", labels, { name, color: "f00" }));
      expect(status).toBe(422);
      expect(JSON.stringify(problem)).toContain("no URL can address it");
      expect(await json(send(target, "GET", labels))).toEqual([200, []]);
    },
  );

  test("Petstore: a username of dots is refused, one with a dot inside is kept", async () => {
    const target = await petstore();
    expect((await send(target, "POST", `${PETSTORE}/user`, { id: 1, username: ".." })).status).toBe(400);
    expect((await send(target, "POST", `${PETSTORE}/user`, { id: 2, username: "a.b" })).status).toBe(201);
    expect((await send(target, "GET", `${PETSTORE}/user/a.b`)).status).toBe(200);
  });
});

test("Petstore: GET /pet/9007199254740993 is not pet 9007199254740992, whose key it would round to (issue 41)", async () => {
  const target = await petstore();
  const pet = { id: 9007199254740992, name: "max", photoUrls: [] };
  expect((await send(target, "POST", `${PETSTORE}/pet`, pet)).status).toBe(201);
  expect((await send(target, "GET", `${PETSTORE}/pet/9007199254740992`)).status).toBe(200);
  expect((await send(target, "GET", `${PETSTORE}/pet/9007199254740993`)).status).toBe(404);
});

describe("integers beyond 2^53 are kept exact: ids as their digits, values written from their text (issue 41)", () => {
  const postText = (target: SpecEmulator, url: string, text: string) =>
    target.fetch(
      new Request(url, { method: "POST", body: text, headers: { "content-type": "application/json" } }),
    );

  test("Petstore: pet 9007199254740993 is stored, found and answered under its own id, not …992", async () => {
    const target = await petstore();
    const created = await postText(
      target,
      `${PETSTORE}/pet`,
      '{"id":9007199254740993,"name":"max","photoUrls":[]}',
    );
    expect(created.status).toBe(201);
    expect(created.headers.get("location")).toBe("/v2/pet/9007199254740993");
    const read = await send(target, "GET", `${PETSTORE}/pet/9007199254740993`);
    expect(read.status).toBe(200);
    expect(await read.text()).toContain('"id":9007199254740993');
    expect((await send(target, "GET", `${PETSTORE}/pet/9007199254740992`)).status).toBe(404);
  });

  test("Petstore: an int64 petId of 19100000000000000000000000 reads back as written, not as 1.91e+25", async () => {
    const target = await petstore();
    const order = '{"id":7,"petId":19100000000000000000000000,"quantity":1,"status":"placed"}';
    const created = await postText(target, `${PETSTORE}/store/order`, order);
    expect(created.status).toBe(200);
    expect(await created.text()).toContain('"petId":19100000000000000000000000');
    const read = await (await send(target, "GET", `${PETSTORE}/store/order/7`)).text();
    expect(read).toContain('"petId":19100000000000000000000000');
    expect(read).not.toContain("e+25");
  });

  test("Petstore: a huge int32 is still refused by the schema's own check (its format), with the spec's status", async () => {
    const target = await petstore();
    const order = '{"id":8,"petId":1,"quantity":19100000000000000000000000,"status":"placed"}';
    expect((await postText(target, `${PETSTORE}/store/order`, order)).status).toBe(400);
    expect(target.snapshot()).toEqual({});
  });
});
