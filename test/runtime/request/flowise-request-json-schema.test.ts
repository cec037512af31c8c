import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { zodToJsonSchema } from "zod-to-json-schema";
import { FieldTypeSchema, type RequestToolConfig } from "../../../src/config/request-tool-config.js";
import { flowiseArgumentsSchema } from "../../../src/runtime/request/flowise-arguments.js";
import { flowiseRequestJsonSchema } from "../../../src/runtime/request/flowise-request-json-schema.js";

/**
 * The JSON Schema a Flowise request tool shows the LLM is written straight from the config; it must be
 * byte-equal (same keys, same order) to zod-to-json-schema's conversion of the zod v3 schema Flowise
 * builds, which is what Flowise's LangChain shows.
 */
const name = fc.oneof(
  fc.constantFrom("id", "name", "0", "12", "a b", "constructor", "toString", "é", "$ref", "required"),
  fc.string({ maxLength: 6 }),
);
const field = fc.record(
  {
    type: fc.constantFrom(...FieldTypeSchema.options),
    in: fc.constantFrom("path", "query", "header"),
    required: fc.boolean(),
    description: fc.oneof(fc.constant(""), fc.string({ maxLength: 12 })),
  },
  { requiredKeys: ["type"] },
);
const specs = fc.option(fc.dictionary(name, field, { maxKeys: 6 }), { nil: undefined });

function config(queryParamsSchema: unknown, bodySchema: unknown): RequestToolConfig {
  return {
    kind: "request",
    name: "tool",
    description: "d",
    method: "POST",
    url: "http://x/y",
    headers: {},
    ...(queryParamsSchema === undefined ? {} : { queryParamsSchema }),
    ...(bodySchema === undefined ? {} : { bodySchema }),
  } as RequestToolConfig;
}

const real = (tool: RequestToolConfig, sendsBody: boolean) =>
  JSON.stringify(zodToJsonSchema(flowiseArgumentsSchema(tool, sendsBody)));

describe("flowiseRequestJsonSchema", () => {
  test("is zod-to-json-schema's conversion of Flowise's zod schema, key for key", () => {
    fc.assert(
      fc.property(specs, specs, fc.boolean(), (params, body, sendsBody) => {
        const tool = config(params, body);
        expect(JSON.stringify(flowiseRequestJsonSchema(tool, sendsBody))).toBe(real(tool, sendsBody));
      }),
      { numRuns: 500 },
    );
  });

  test.each([
    ["no params", config(undefined, undefined), false],
    ["no body fields", config(undefined, {}), true],
    [
      "every body type",
      config(
        undefined,
        Object.fromEntries(
          FieldTypeSchema.options.map((t) => [t, { type: t, required: t !== "array", description: t }]),
        ),
      ),
      true,
    ],
    [
      "numeric names first",
      config(
        {
          b: { type: "number", required: true },
          2: { type: "boolean" },
          a: { type: "string", required: true, description: "A" },
        },
        undefined,
      ),
      false,
    ],
  ])("%s", (_, tool, sendsBody) => {
    expect(JSON.stringify(flowiseRequestJsonSchema(tool, sendsBody))).toBe(real(tool, sendsBody));
  });
});
