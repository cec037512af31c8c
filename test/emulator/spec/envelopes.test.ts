import { beforeAll, describe, expect, test } from "vitest";
import { createSchemaValidator } from "../../../src/emulator/spec/schema-validator.js";
import { createSpecEmulator, type SpecEmulator } from "../../../src/emulator/spec/spec-emulator.js";
import { loadSpec, type OpenApiSpec } from "../../../src/openapi/load-spec.js";
import { matchOperation } from "../../../src/openapi/match-operation.js";
import { jsonMedia } from "../../../src/openapi/media-types.js";
import { parseSpecText } from "../../../src/openapi/parse-spec-text.js";
import { oasExample } from "../../support/real-specs.js";

const README = "https://api.readme.com/v2";

async function send(target: SpecEmulator, method: string, url: string, body?: unknown) {
  const init: RequestInit = { method };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { "content-type": "application/json" };
  }
  const response = await target.fetch(new Request(url, init));
  const text = await response.text();
  return {
    status: response.status,
    location: response.headers.get("location"),
    body: (text === "" ? undefined : JSON.parse(text)) as Record<string, Record<string, unknown>> | undefined,
  };
}

describe("ReadMe 3.1 (@readme/oas-examples): answers in { data: … }", () => {
  let spec: OpenApiSpec;
  beforeAll(async () => {
    spec = await loadSpec(oasExample("3.1/json/readme.json"));
  });

  /** The answer is on the declared schema of the operation and status it came from. */
  function onSchema(method: string, url: string, status: number, body: unknown) {
    const match = matchOperation(createSpecEmulator(spec).index, method, url);
    if (!match.ok) throw new Error(`${method} ${url}: no operation`);
    const schema = jsonMedia(match.operation.responses[String(status)]?.content)?.schema;
    return schema && createSchemaValidator(spec.version)(schema, "response")(body);
  }

  test("POST /v2/branches {name: 1.0}: the branch is stored as written, read back at /v2/branches/1.0 and listed", async () => {
    const target = createSpecEmulator(spec, { seed: {} });
    const created = await send(target, "POST", `${README}/branches`, { name: "1.0" });
    expect([created.status, created.location, created.body?.data?.name]).toEqual([
      201,
      "/v2/branches/1.0",
      "1.0",
    ]);
    expect(onSchema("POST", `${README}/branches`, 201, created.body)).toBeUndefined();
    const read = await send(target, "GET", `${README}/branches/1.0`);
    expect([read.status, read.body]).toEqual([200, created.body]);
    const listed = await send(target, "GET", `${README}/branches`);
    expect(listed.body?.data).toEqual([created.body?.data]);
    expect(listed.body?.total).toBe(1);
    expect(onSchema("GET", `${README}/branches`, 200, listed.body)).toBeUndefined();
    expect(target.snapshot()["/branches"]).toEqual([created.body?.data]);
  });

  test("a PATCH of a branch's display name reads back as written, the name kept", async () => {
    const target = createSpecEmulator(spec, { seed: {} });
    await send(target, "POST", `${README}/branches`, { name: "2.0", base: "1.0" });
    const patched = await send(target, "PATCH", `${README}/branches/2.0`, { display_name: "Two" });
    expect(patched.status).toBe(200);
    const read = await send(target, "GET", `${README}/branches/2.0`);
    expect(read.body?.data).toMatchObject({ name: "2.0", base: "1.0", display_name: "Two" });
  });

  test("a branch never made is a 404, not a made-up one", async () => {
    const target = createSpecEmulator(spec, { seed: {} });
    expect((await send(target, "GET", `${README}/branches/9.9`)).status).toBe(404);
  });

  test("--explain names the envelope of each operation that answers one", () => {
    const lines = createSpecEmulator(spec).explain();
    expect(lines.filter((line) => /^\S+ \/branches(\/\{branch\})? /.test(line))).toEqual([
      'GET /branches → list branches, the items inside "data"',
      'POST /branches → create branches, id field name (from {branch}), the item inside "data"',
      'GET /branches/{branch} → read branches, the item inside "data"',
      'PATCH /branches/{branch} → update branches, the item inside "data"',
      "DELETE /branches/{branch} → delete branches",
    ]);
  });
});

/** A description whose answers wrap their items beside metadata, and whose items hold one object of their own. */
const WRAPPED = `
openapi: 3.0.3
info: { title: wrapped, version: "1" }
servers: [{ url: "https://wrapped.test" }]
paths:
  /notes:
    post:
      requestBody: { content: { application/json: { schema: { $ref: "#/components/schemas/NoteIn" } } } }
      responses:
        "201": { description: made, content: { application/json: { schema: { $ref: "#/components/schemas/NoteAnswer" } } } }
  /notes/{noteId}:
    get:
      parameters: [{ name: noteId, in: path, required: true, schema: { type: integer } }]
      responses:
        "200": { description: one, content: { application/json: { schema: { $ref: "#/components/schemas/NoteAnswer" } } } }
  /owners:
    post:
      requestBody: { content: { application/json: { schema: { $ref: "#/components/schemas/Owner" } } } }
      responses:
        "201": { description: made, content: { application/json: { schema: { $ref: "#/components/schemas/Owner" } } } }
  /owners/{ownerId}:
    get:
      parameters: [{ name: ownerId, in: path, required: true, schema: { type: integer } }]
      responses:
        "200": { description: one, content: { application/json: { schema: { $ref: "#/components/schemas/Owner" } } } }
components:
  schemas:
    NoteIn:
      type: object
      required: [text]
      properties: { text: { type: string } }
    Note:
      type: object
      required: [id, text, createdAt]
      properties: { id: { type: integer }, text: { type: string }, createdAt: { type: string, format: date-time } }
    NoteAnswer:
      type: object
      required: [result, meta]
      properties:
        result: { $ref: "#/components/schemas/Note" }
        meta: { type: object, required: [requestId], properties: { requestId: { type: string } } }
    Owner:
      type: object
      required: [id, address]
      properties:
        id: { type: integer }
        address: { type: object, required: [city], properties: { city: { type: string } } }
`;

describe("envelopes found by their shape", () => {
  async function wrapped(): Promise<SpecEmulator> {
    return createSpecEmulator(
      await loadSpec(parseSpecText(WRAPPED, "wrapped.yaml") as Record<string, unknown>),
      { seed: {} },
    );
  }

  test("an item beside metadata ({ result, meta }) is stored bare and answered inside result", async () => {
    const target = await wrapped();
    const created = await send(target, "POST", "https://wrapped.test/notes", { text: "hello" });
    expect(created.status).toBe(201);
    expect(created.body?.result).toMatchObject({ id: 1, text: "hello" });
    expect(typeof created.body?.meta?.requestId).toBe("string");
    const read = await send(target, "GET", "https://wrapped.test/notes/1");
    expect(read.body?.result).toEqual(created.body?.result);
    expect(target.snapshot()["/notes"]).toEqual([created.body?.result]);
    expect(target.explain()).toContain(
      'POST /notes → create notes, id field id (from {noteId}), the item inside "result"',
    );
  });

  test("an item whose one object field is not the item (an owner's address) is no envelope", async () => {
    const target = await wrapped();
    const body = { id: 7, address: { city: "Lyon" } };
    expect((await send(target, "POST", "https://wrapped.test/owners", body)).body).toEqual(body);
    expect((await send(target, "GET", "https://wrapped.test/owners/7")).body).toEqual(body);
    expect(target.explain()).toContain("GET /owners/{ownerId} → read owners");
  });
});
