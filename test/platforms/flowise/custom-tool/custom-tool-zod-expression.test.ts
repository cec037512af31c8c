import { describe, expect, test } from "vitest";
import { z } from "zod/v3";
import { zodToJsonSchema } from "zod-to-json-schema";
import { loadFlowiseFlow } from "../../../../src/platforms/flowise/config/load-flowise-flow.js";
import { customToolJsonSchema } from "../../../../src/platforms/flowise/custom-tool/custom-tool-schema.js";
import { customToolArguments } from "../../../../src/platforms/flowise/custom-tool/run/custom-tool-arguments.js";
import { parseWithTypeConversion } from "../../../../src/platforms/flowise/custom-tool/run/flowise-type-conversion.js";

const ID = "4d723d69-e854-4351-90c0-6385ce908213";
const chatflow = (customToolSchema: string) => ({
  nodes: [
    {
      id: "customTool_0",
      data: {
        name: "customTool",
        inputs: { selectedTool: ID, customToolName: "t", customToolFunc: "return 1", customToolSchema },
      },
    },
  ],
  edges: [],
});

function load(expression: string) {
  return loadFlowiseFlow(chatflow(expression), "flow.json");
}

function toolOf(expression: string) {
  const loaded = load(expression);
  expect(loaded.errors).toEqual([]);
  const config = loaded.tools[0]?.config;
  if (config?.kind !== "custom-tool") throw new Error("no custom tool loaded");
  return config;
}

/**
 * Reference flowise-custom-tool.md §2.3: a node's `customToolSchema` is read by Flowise 3.1.4's
 * SecureZodSchemaParser (string, number, int, boolean, date, object, array, enum, optional, max, min,
 * describe, default). Each case holds the zod v3 schema that parser builds for the text, written out.
 */
describe("a customToolSchema zod expression, as Flowise's SecureZodSchemaParser builds it", () => {
  test.each([
    {
      fact: "int and enum are kept (not dropped)",
      text: `z.object({ count: z.number().int().describe("how many"), unit: z.enum(["kg", 'lb']) })`,
      flowise: z.object({ count: z.number().int().describe("how many"), unit: z.enum(["kg", "lb"]) }),
    },
    {
      fact: "arrays of primitives and of objects, nested objects, optional",
      text: `z.object({
        tags: z.array(z.string()).optional(),
        items: z.array(z.object({ sku: z.string(), qty: z.number().int() })),
        address: z.object({ city: z.string(), zip: z.string().optional() }).describe("where"),
        ids: z.number().array(),
      })`,
      flowise: z.object({
        tags: z.array(z.string()).optional(),
        items: z.array(z.object({ sku: z.string(), qty: z.number().int() })),
        address: z.object({ city: z.string(), zip: z.string().optional() }).describe("where"),
        ids: z.array(z.number()),
      }),
    },
    {
      fact: "default takes its argument as Flowise reads the text: digits a number, true the text 'true'",
      text: `z.object({ page: z.number().default(1), unit: z.string().default("kg"), all: z.boolean().default(true) })`,
      flowise: z.object({
        page: z.number().default(1),
        unit: z.string().default("kg"),
        all: z.boolean().default("true" as unknown as boolean),
      }),
    },
    {
      fact: "describe('x') keeps the quotes; max/min bound a text or an array, never a number",
      text: `z.object({ q: z.string().min(2).max(40).describe('the query'), n: z.number().min(1).max(5) })`,
      flowise: z.object({ q: z.string().min(2).max(40).describe("'the query'"), n: z.number() }),
    },
    {
      fact: "a modifier Flowise does not know on a primitive is ignored (nullable: null is refused)",
      text: `z.object({ note: z.string().nullable().optional(), mail: z.string().email() })`,
      flowise: z.object({ note: z.string().optional(), mail: z.string() }),
    },
  ])("$fact", ({ text, flowise }) => {
    const tool = toolOf(text);
    expect(customToolJsonSchema(tool)).toEqual(zodToJsonSchema(flowise));
    const contract = customToolArguments(tool, "flowise");
    for (const args of [{}, { count: "3", unit: "kg", page: "2" }, { count: 2.5, unit: "st", note: null }])
      expect(contract.parse(args).ok).toBe(parseWithTypeConversion(flowise, args).result.success);
  });

  test("the arguments are checked against it: a fraction for an int, a value outside the enum are refused", () => {
    const tool = toolOf(
      `z.object({ count: z.number().int(), unit: z.enum(["kg", "lb"]), tags: z.array(z.string()) })`,
    );
    const contract = customToolArguments(tool, "flowise");
    expect(contract.parse({ count: 2, unit: "kg", tags: ["a"], extra: 1 })).toEqual({
      ok: true,
      value: { count: 2, unit: "kg", tags: ["a"] },
    });
    expect(contract.parse({ count: 2.5, unit: "kg", tags: [] }).ok).toBe(false);
    expect(contract.parse({ count: 2, unit: "st", tags: [] }).ok).toBe(false);
  });

  test("the rows stand for the top-level properties; an ignored modifier is a warning naming it and where", () => {
    const loaded = load(
      `z.object({ n: z.number().int(), e: z.enum(["a"]).optional(), d: z.string().default("x"), s: z.string().nullable() })`,
    );
    expect(loaded.errors).toEqual([]);
    const config = loaded.tools[0]?.config;
    expect(config?.kind === "custom-tool" && config.schema).toEqual([
      { property: "n", type: "number", required: true },
      { property: "e", type: "string", required: false },
      { property: "d", type: "string", required: true },
      { property: "s", type: "string", required: true },
    ]);
    expect(loaded.warnings.map((warning) => `${warning.path}: ${warning.message}`)).toEqual([
      "nodes[0].data.inputs.customToolSchema: s: .nullable() is ignored by Flowise's schema parser: neither the schema nor the argument check has it",
    ]);
  });

  test.each([
    ["a base Flowise cannot build", "z.object({ a: z.any() })", "a: Unsupported base type: any"],
    ["a union", "z.object({ a: z.union([z.string(), z.number()]) })", "a: Unsupported base type: union"],
    [
      "an unknown modifier on an object",
      "z.object({ a: z.object({ x: z.string() }).nullable() })",
      "a: Unsupported modifier: nullable",
    ],
    [
      "an unknown modifier on an array",
      "z.object({ a: z.array(z.string()).nonempty() })",
      "a: Unsupported modifier: nonempty",
    ],
    [
      "an unknown modifier inside an array of objects",
      "z.object({ a: z.array(z.object({ x: z.string().nullable() })) })",
      "a[].x: Unsupported modifier: nullable",
    ],
    [
      "a dot inside describe (Flowise splits the chain at every dot)",
      `z.object({ city: z.string().describe("e.g. Paris") })`,
      'city: Invalid modifier: describe("e',
    ],
    ["a fraction as default", "z.object({ r: z.number().default(1.5) })", "r: Invalid modifier: default(1"],
    ["no z.object", "process.exit(1)", "Schema must start with z.object()"],
    ["not a zod chain", "z.object({ a: makeSchema() })", "a: makeSchema() is not a zod type"],
  ])("%s fails the load loudly, as it fails Flowise's init", (_, text, reason) => {
    const loaded = load(text);
    expect(loaded.tools).toEqual([]);
    expect(loaded.errors).toEqual([
      {
        file: "flow.json",
        path: "nodes[0].data.inputs.customToolSchema",
        message: `Flowise's schema parser cannot read it, so the tool's init fails: Failed to parse Zod schema: ${reason}`,
      },
    ]);
  });
});
