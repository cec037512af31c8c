import { request as httpRequest } from "node:http";
import { describe, expect, test } from "vitest";
import { serve } from "../../../src/emulator/serve.js";
import { createSpecEmulator, type SpecEmulator } from "../../../src/emulator/spec/spec-emulator.js";
import { loadSpec } from "../../../src/openapi/load-spec.js";
import { loadGitHubSlice } from "../../support/github-slice.js";
import { oasExample } from "../../support/real-specs.js";

const PETSTORE = "http://petstore.swagger.io/v2";
const TRAIN = "https://api.example.com";

async function petstore(): Promise<SpecEmulator> {
  return createSpecEmulator(await loadSpec(oasExample("3.0/json/petstore.json")), { seed: {} });
}

function send(target: SpecEmulator, method: string, url: string, body?: string, type?: string) {
  const headers: Record<string, string> = type ? { "content-type": type } : {};
  return target.fetch(new Request(url, { method, headers, ...(body === undefined ? {} : { body }) }));
}

describe("S5: error answers in the declared media type", () => {
  test("train-travel declares application/problem+json: RFC 9457 with a type URI, not the message", async () => {
    const target = createSpecEmulator(await loadSpec(oasExample("3.1/json/train-travel.json")));
    const invalid = await send(target, "GET", `${TRAIN}/bookings/not-a-uuid`);
    expect(invalid.headers.get("content-type")).toBe("application/problem+json");
    expect([invalid.status, await invalid.json()]).toEqual([
      400,
      expect.objectContaining({
        type: "about:blank",
        title: "Bad Request",
        status: 400,
        detail: 'path parameter "bookingId" must match format "uuid"',
      }),
    ]);
    const missing = await send(target, "GET", `${TRAIN}/bookings/1725ff48-ab45-4bb5-9d02-88745177dedb`);
    expect([missing.status, missing.headers.get("content-type"), await missing.json()]).toEqual([
      404,
      "application/problem+json",
      expect.objectContaining({ type: "about:blank", title: "Not Found", status: 404 }),
    ]);
  });

  test("GitHub's declared error schema holds the message, in its declared media type", async () => {
    const target = createSpecEmulator(await loadGitHubSlice());
    const answer = await send(target, "GET", "https://api.github.com/repos/o/r/labels/none");
    expect([answer.status, answer.headers.get("content-type")]).toEqual([404, "application/json"]);
    expect(await answer.json()).toMatchObject({ message: "labels none not found" });
  });
});

describe("S6: only declared statuses", () => {
  const SPEC = {
    openapi: "3.0.3",
    info: { title: "Things", version: "1" },
    servers: [{ url: "http://things.test" }],
    paths: {
      "/things/{id}": {
        get: {
          parameters: [{ name: "id", in: "path", required: true, schema: { type: "integer" } }],
          responses: { "200": { description: "it" }, "404": { description: "none" } },
        },
      },
    },
  };

  test("an invalid request to an operation that declares only 404 is a 404 (was 400); --explain says so", async () => {
    const target = createSpecEmulator(await loadSpec(SPEC));
    expect((await send(target, "GET", "http://things.test/things/abc")).status).toBe(404);
    expect(target.explain()).toEqual([
      "GET /things/{id} → read things; invalid requests are answered 404 (the nearest declared 4xx)",
    ]);
  });

  test("GitHub: a missing release is the 401 its GET declares beside 200, not an undeclared 404", async () => {
    const target = createSpecEmulator(await loadGitHubSlice());
    expect((await send(target, "GET", "https://api.github.com/repos/o/r/releases/9")).status).toBe(401);
    expect(target.explain()).toContain(
      "GET /repos/{owner}/{repo}/releases/{release_id} → read releases; invalid requests are answered 401, missing items 401 (the nearest declared 4xx)",
    );
  });
});

describe("S6: a path's literal segments beat templated ones; Allow lists its own methods", () => {
  test.each([
    ["POST", "/pet/findByStatus", "GET"],
    ["PUT", "/user/login", "GET"],
    ["DELETE", "/pet/findByTags", "GET"],
  ])(
    "%s %s: 405, Allow: %s (was answered as /pet/{petId}, /user/{username})",
    async (method, path, allow) => {
      const answer = await send(await petstore(), method, `${PETSTORE}${path}`);
      expect([answer.status, answer.headers.get("allow")]).toEqual([405, allow]);
    },
  );
});

describe("S6: XML request bodies", () => {
  const PET_XML =
    '<?xml version="1.0"?><Pet><id>7</id><name>doggie</name><photoUrls><photoUrl>a.png</photoUrl><photoUrl>b.png</photoUrl></photoUrls><tags><tag><id>1</id><name>good</name></tag></tags><status>available</status></Pet>';

  test("declared application/xml is accepted as its schema describes it (was 400)", async () => {
    const target = await petstore();
    const created = await send(target, "POST", `${PETSTORE}/pet`, PET_XML, "application/xml");
    expect(created.status).toBe(201);
    expect(target.snapshot()["/pet"]).toEqual([
      {
        id: 7,
        name: "doggie",
        photoUrls: ["a.png", "b.png"],
        tags: [{ id: 1, name: "good" }],
        status: "available",
      },
    ]);
  });

  /** Notes in XML, declaring no 4xx: a refusal is problem details saying why. */
  const NOTES = {
    openapi: "3.0.3",
    info: { title: "Notes", version: "1" },
    servers: [{ url: "http://notes.test" }],
    paths: {
      "/notes": {
        post: {
          requestBody: {
            content: {
              "application/xml": {
                schema: {
                  type: "object",
                  xml: { name: "note" },
                  required: ["id"],
                  properties: { id: { type: "integer" }, text: { type: "string" } },
                },
              },
            },
          },
          responses: { "201": { description: "kept" } },
        },
      },
      "/json-only": {
        post: {
          requestBody: { content: { "application/json": { schema: { type: "object" } } } },
          responses: { "200": { description: "ok" } },
        },
      },
    },
  };

  test.each([
    ["XML off the schema", "<note><id>seven</id></note>", "request body: /id must be integer"],
    [
      "XML that does not parse",
      "<note><id>1</note>",
      "request body is not valid XML: Expected closing tag 'id' (opened in line 1, col 7) instead of closing tag 'note'. (line 1)",
    ],
    [
      "XML nested past 100 levels",
      `<note>${"<a>".repeat(150)}${"</a>".repeat(150)}</note>`,
      "request body is not valid XML: Maximum nested tags exceeded",
    ],
  ])("%s: 400 saying why", async (_name, xml, message) => {
    const target = createSpecEmulator(await loadSpec(NOTES));
    const answer = await send(target, "POST", "http://notes.test/notes", xml, "application/xml");
    expect([answer.status, ((await answer.json()) as { detail: string }).detail]).toEqual([400, message]);
  });

  test("an element named __proto__ is refused, and no prototype is touched", async () => {
    const target = createSpecEmulator(await loadSpec(NOTES));
    const xml = "<note><__proto__><polluted>1</polluted></__proto__><id>1</id></note>";
    const answer = await send(target, "POST", "http://notes.test/notes", xml, "application/xml");
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { detail: string }).detail).toMatch(
      /^request body is not valid XML: .*__proto__/,
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test("XML where only JSON is declared: 415, or the operation's declared 4xx (the Petstore's 400)", async () => {
    const notes = createSpecEmulator(await loadSpec(NOTES));
    expect((await send(notes, "POST", "http://notes.test/json-only", "<a/>", "application/xml")).status).toBe(
      415,
    );
    const order = await send(
      await petstore(),
      "POST",
      `${PETSTORE}/store/order`,
      "<Order/>",
      "application/xml",
    );
    expect(order.status).toBe(400);
  });

  test("an entity that would expand a billion times is not expanded: a small item, at once", async () => {
    const lol = (n: number) => `<!ENTITY l${n} "${`&l${n - 1};`.repeat(10)}">`;
    const doctype = `<!DOCTYPE Pet [<!ENTITY l0 "lol">${Array.from({ length: 9 }, (_, i) => lol(i + 1)).join("")}]>`;
    const xml = `${doctype}<Pet><name>&l9;</name><photoUrls/></Pet>`;
    const target = await petstore();
    expect((await send(target, "POST", `${PETSTORE}/pet`, xml, "application/xml")).status).toBe(201);
    expect(JSON.stringify(target.snapshot()).length).toBeLessThan(1_000);
  });
});

describe("S6: a dot segment is not an address", () => {
  const SPEC = {
    openapi: "3.0.3",
    info: { title: "Gists", version: "1" },
    paths: {
      "/gists": {
        get: {
          responses: {
            "200": { description: "all", content: { "application/json": { schema: { type: "array" } } } },
          },
        },
      },
      "/gists/{gist_id}": {
        get: { responses: { "200": { description: "one" }, "404": { description: "none" } } },
      },
    },
  };

  test.each(["/gists/.", "/gists/%2e", "/gists/..", "/gists/x/%2E%2e"])(
    "GET %s over HTTP: 404, not the list",
    async (path) => {
      const server = await serve(createSpecEmulator(await loadSpec(SPEC)).fetch, { port: 0 });
      try {
        const [status, type] = await new Promise<[number | undefined, string | undefined]>(
          (resolve, reject) => {
            // Options, not a URL: a URL string would be resolved (`/gists/.` sent as `/gists/`).
            httpRequest({ host: "127.0.0.1", port: server.port, path }, (response) => {
              response.resume();
              resolve([response.statusCode, response.headers["content-type"]]);
            })
              .on("error", reject)
              .end();
          },
        );
        expect([status, type]).toEqual([404, "application/problem+json"]);
      } finally {
        await server.close();
      }
    },
  );
});
