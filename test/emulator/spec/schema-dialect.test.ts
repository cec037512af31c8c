import { describe, expect, test } from "vitest";
import { createSchemaValidator } from "../../../src/emulator/spec/schema-validator.js";
import { createSpecEmulator } from "../../../src/emulator/spec/spec-emulator.js";
import { loadSpec } from "../../../src/openapi/load-spec.js";
import type { SchemaObject } from "../../../src/openapi/openapi-document.js";
import { nameComponentSchemas } from "../../../src/openapi/schema-names.js";
import { loadGitHubSlice } from "../../support/github-slice.js";

const USER = { type: "object", required: ["login"], properties: { login: { type: "string" } } };

describe("OpenAPI 3.0's dialect is translated before ajv compiles: every schema is checked", () => {
  test.each([
    ["nullable without type (GitHub's nullable reference)", { nullable: true, allOf: [USER] }],
    ["nullable beside oneOf", { nullable: true, oneOf: [USER, { type: "integer" }] }],
    ["nullable with type", { type: "object", nullable: true, required: ["login"] }],
    ["Swagger 2's x-nullable", { type: "object", "x-nullable": true, required: ["login"] }],
  ])("%s: null and the schema's values pass, others do not", (_name, schema) => {
    for (const version of ["3.0", "3.1"] as const) {
      const check = createSchemaValidator(version)(schema as SchemaObject, "response");
      expect([check(null), check({ login: "octocat" })]).toEqual([undefined, undefined]);
      expect(check("x")).toBeDefined();
    }
  });

  test("a nullable enum takes null", () => {
    const check = createSchemaValidator("3.0")({ type: "string", enum: ["open"], nullable: true }, "request");
    expect([check(null), check("open")]).toEqual([undefined, undefined]);
    expect(check("closed")).toMatch(/^must be equal to one of the allowed values/);
  });

  test("a discriminator judges a value by the branch its tag names, though it fits both", async () => {
    const spec = await loadSpec({
      openapi: "3.0.3",
      info: { title: "Pets", version: "1" },
      paths: {},
      components: {
        schemas: {
          Pet: {
            oneOf: [{ $ref: "#/components/schemas/Cat" }, { $ref: "#/components/schemas/Dog" }],
            discriminator: { propertyName: "kind", mapping: { dog: "#/components/schemas/Dog" } },
          },
          Cat: { type: "object", properties: { kind: { type: "string" }, name: { type: "string" } } },
          Dog: { type: "object", properties: { kind: { type: "string" }, bark: { type: "boolean" } } },
        },
      },
    });
    nameComponentSchemas(spec.document);
    const schemas = spec.document.components?.schemas as Record<string, SchemaObject>;
    const pet = schemas.Pet as SchemaObject;
    const check = createSchemaValidator("3.0")(pet, "request");
    // Cat by its component name, Dog by the mapping; both branches accept either value.
    expect([check({ kind: "Cat", name: "Tom" }), check({ kind: "dog", bark: true })]).toEqual([
      undefined,
      undefined,
    ]);
    expect(check({ kind: "cow" })).toBe("/kind must be equal to one of the allowed values: Cat");
  });
});

describe("GitHub: the schemas that held nullable without type are checked", () => {
  const ISSUES = "https://api.github.com/repos/o/r/issues";
  const post = (target: { fetch(request: Request): Promise<Response> }, body: string) =>
    target.fetch(
      new Request(ISSUES, { method: "POST", headers: { "content-type": "application/json" }, body }),
    );

  test('POST /repos/o/r/issues "x": refused (was 201 {})', async () => {
    const answer = await post(createSpecEmulator(await loadGitHubSlice()), '"x"');
    expect([answer.status, ((await answer.json()) as { message: string }).message]).toEqual([
      400,
      "request body must be object",
    ]);
  });

  test('POST /repos/o/r/issues {"title":"t3"}: the issue has its required number, url and state', async () => {
    const target = createSpecEmulator(await loadGitHubSlice());
    const answer = await post(target, '{"title":"t3"}');
    const issue = (await answer.json()) as Record<string, unknown>;
    expect(answer.status).toBe(201);
    expect(issue).toMatchObject({ title: "t3", number: 1, state: expect.any(String) });
    expect(issue.url).toEqual(expect.any(String));
    const schema = target.index.operations.find(
      (op) => op.path === "/repos/{owner}/{repo}/issues/{issue_number}",
    )?.responses["200"]?.content?.["application/json"]?.schema as SchemaObject;
    expect(createSchemaValidator("3.0")(schema, "response")(issue)).toBeUndefined();
  });
});

describe("a schema ajv still cannot compile is told, and never taken as valid", () => {
  /** `type: "file"` (Swagger 2's, not JSON Schema's) makes ajv refuse the whole schema. */
  const THING = {
    type: "object",
    required: ["id", "name"],
    properties: { id: { type: "integer" }, name: { type: "string" }, data: { type: "file" } },
  };
  const SPEC = {
    openapi: "3.0.3",
    info: { title: "Files", version: "1" },
    servers: [{ url: "http://files.test" }],
    paths: {
      "/upload": {
        post: {
          requestBody: { required: true, content: { "application/json": { schema: THING } } },
          responses: { "200": { description: "ok", content: { "application/json": { schema: THING } } } },
        },
      },
    },
  };
  const upload = (body: string) =>
    new Request("http://files.test/upload", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });

  test("--explain names it; requests are checked for types and required fields; the log is told once", async () => {
    const told: string[] = [];
    const target = createSpecEmulator(await loadSpec(SPEC), { log: (line) => told.push(line) });
    const note =
      "POST /upload request body: ajv cannot compile its schema (type must be JSONType or JSONType[]: file); only its types, required fields, properties, items and enums are checked";
    expect(target.notes()).toContain(note);
    expect((await target.fetch(upload('"x"'))).status).toBe(400);
    const missing = await target.fetch(upload('{"id":1}'));
    expect([missing.status, ((await missing.json()) as { detail: string }).detail]).toEqual([
      400,
      "request body must have required property 'name'",
    ]);
    expect(told).toEqual([note]);
  });

  test("its answers still hold its required fields", async () => {
    const target = createSpecEmulator(await loadSpec(SPEC), { log: () => {} });
    const answer = await target.fetch(upload('{"id":1,"name":"a"}'));
    expect(await answer.json()).toEqual(
      expect.objectContaining({ id: expect.any(Number), name: expect.any(String) }),
    );
  });
});
