import { describe, expect, it } from "vitest";
import { createSchemaValidator } from "../../src/emulator/spec/schema-validator.js";
import { checkSchema } from "../../src/lint/probe/schema-check.js";
import type { SchemaObject } from "../../src/openapi/openapi-document.js";
import { createArgumentValidator } from "../../src/runtime/toolkit/standard/argument-validator.js";

// ajv no longer checks schemas against their meta-schema (AJV_OPTIONS.validateSchema: false, for
// start-up); a schema a hostile spec breaks must still be caught where it is compiled.
const BROKEN_SCHEMAS: Record<string, unknown>[] = [
  { type: "strin" },
  { required: "id" },
  { minLength: "x" },
  { properties: [] },
  { enum: 3 },
  { items: 5 },
  { pattern: "(" },
  { type: ["string", "strin"] },
];

describe("schemas that break the JSON Schema meta-schema", () => {
  it.each(BROKEN_SCHEMAS)("the probe's response check calls %j uncheckable", (schema) => {
    expect(checkSchema(structuredClone(schema), "abc")).toBe("uncheckable");
  });

  it.each(BROKEN_SCHEMAS)("the spec emulator checks nothing against %j", (schema) => {
    for (const version of ["3.0", "3.1"] as const) {
      expect(
        createSchemaValidator(version)(structuredClone(schema) as SchemaObject, "request")("abc"),
      ).toBeUndefined();
    }
  });

  it.each(BROKEN_SCHEMAS)("the standard toolkit's argument check refuses to compile %j", async (schema) => {
    await expect(createArgumentValidator()(structuredClone(schema), {})).rejects.toThrow();
  });

  it("a sound schema is still enforced by all three", async () => {
    const schema = { type: "object", required: ["id"], properties: { id: { type: "integer" } } };
    expect(checkSchema(schema, {})).toBe("(root) must have required property 'id'");
    expect(createSchemaValidator("3.0")(schema, "request")({})).toMatch(/required property 'id'/);
    expect(await createArgumentValidator()(schema, { id: "x" })).toEqual({
      ok: false,
      error: expect.stringContaining("id must be integer"),
    });
  });
});

describe("properties named like Object.prototype's members (ajv's ownProperties)", () => {
  it("an inherited toString is not a given property: required still requires it", () => {
    const schema = { type: "object", required: ["toString"] };
    expect(checkSchema(schema, {})).toBe("(root) must have required property 'toString'");
    expect(createSchemaValidator("3.1")(schema, "request")({})).toMatch(/required property 'toString'/);
  });

  it("an inherited constructor is not a given property: a false schema for it passes {}", () => {
    const schema = { type: "object", properties: { constructor: false } };
    expect(checkSchema(schema, {})).toBeUndefined();
    expect(checkSchema(schema, JSON.parse('{"constructor": 1}'))).toMatch(/constructor/);
  });
});
