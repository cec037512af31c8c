import { describe, expect, test } from "vitest";
import { scanFromAiCalls } from "../../../../src/platforms/n8n/expression/from-ai-calls.js";
import { fromAiSchema } from "../../../../src/platforms/n8n/schema/from-ai-schema.js";

const DRAFT_07 = "http://json-schema.org/draft-07/schema#";

describe("the schema n8n builds from $fromAI (reference section 2)", () => {
  test("one property per key, in parameter order, found in URL, query, headers and body (fact 6)", () => {
    const result = fromAiSchema({
      url: "=https://api.example.com/items/{{ $fromAI('id', 'The item id') }}",
      queryParameters: { parameters: [{ name: "q", value: "={{ $fromAI('q', 'Search', 'string') }}" }] },
      headerParameters: {
        parameters: [{ name: "x-count", value: "={{ $fromAI('count', 'How many', 'number') }}" }],
      },
      jsonBody: '={"done": {{ $fromAI("done", "Done?", "boolean") }}}',
    });
    expect(result).toMatchObject({ ok: true });
    expect(result.ok && result.inputSchema).toEqual({
      type: "object",
      properties: {
        id: { type: "string", description: "The item id" },
        q: { type: "string", description: "Search" },
        count: { type: "number", description: "How many" },
        done: { type: "boolean", description: "Done?" },
      },
      required: ["id", "q", "count", "done"],
      additionalProperties: false,
      $schema: DRAFT_07,
    });
    expect(result.ok && result.uses.map((use) => use.path)).toEqual([
      "url",
      "queryParameters.parameters[0].value",
      "headerParameters.parameters[0].value",
      "jsonBody",
    ]);
  });

  test("a parameter without `=` still defines its key (fact 6, 22)", () => {
    const result = fromAiSchema({
      url: "https://api.example.com/items/{{ $fromAI('id', 'The item id', 'string') }}",
    });
    expect(result.ok && result.inputSchema.properties).toEqual({
      id: { type: "string", description: "The item id" },
    });
  });

  test.each([
    [
      "json has no type, only description (fact 7)",
      "{{ $fromAI('j', 'Data', 'json') }}",
      { j: { description: "Data" } },
      ["j"],
    ],
    [
      "the type is case-insensitive (fact 7)",
      "{{ $fromAI('n', 'N', 'Number') }}",
      { n: { type: "number", description: "N" } },
      ["n"],
    ],
    ["the type defaults to string (fact 7)", "{{ $fromAI('s') }}", { s: { type: "string" } }, ["s"]],
    [
      "quotes and escapes removed, commas kept (fact 8)",
      "{{ $fromAI('s', 'Has a comma, and a \\'quote\\'') }}",
      { s: { type: "string", description: "Has a comma, and a 'quote'" } },
      ["s"],
    ],
    [
      "a string default (fact 9)",
      "{{ $fromAI('s', 'S', 'string', 'dflt') }}",
      { s: { type: "string", description: "S", default: "dflt" } },
      undefined,
    ],
    [
      "a number default (fact 9)",
      "{{ $fromAI('n', 'N', 'number', 5) }}",
      { n: { type: "number", description: "N", default: 5 } },
      undefined,
    ],
    [
      "a boolean default (fact 9)",
      "{{ $fromAI('b', 'B', 'boolean', true) }}",
      { b: { type: "boolean", description: "B", default: true } },
      undefined,
    ],
    [
      "a json default (fact 9)",
      "{{ $fromAI('j', 'J', 'json', {\"a\":1}) }}",
      { j: { description: "J", default: { a: 1 } } },
      undefined,
    ],
    [
      "$fromai and $fromAI, same key: one property (fact 11)",
      "{{ $fromai('k', 'K') }} {{ $fromAI('k', 'K') }}",
      { k: { type: "string", description: "K" } },
      ["k"],
    ],
  ])("%s", (_name, text, properties, required) => {
    const result = fromAiSchema({ url: `=${text}` });
    expect(result.ok).toBe(true);
    const schema = result.ok ? result.inputSchema : {};
    expect(schema.properties).toEqual(properties);
    expect(schema.required).toEqual(required);
    expect(schema.additionalProperties).toBe(false);
    expect(schema.$schema).toBe(DRAFT_07);
  });

  test("a tool without $fromAI gets an empty object schema (fact 10)", () => {
    expect(fromAiSchema({ url: "https://api.example.com/items" })).toMatchObject({
      ok: true,
      inputSchema: { type: "object", properties: {}, additionalProperties: false, $schema: DRAFT_07 },
    });
  });

  test.each([
    [
      "same key with another type (fact 12)",
      { url: "={{ $fromAI('k', 'K', 'string') }}", jsonBody: "={{ $fromAI('k', 'K', 'number') }}" },
      "Duplicate key 'k' found with different description or type",
      "jsonBody",
    ],
    [
      "same key with another description (fact 12)",
      { url: "={{ $fromAI('k', 'one') }}/{{ $fromAI('k', 'two') }}" },
      "Duplicate key 'k' found with different description or type",
      "url",
    ],
    [
      "an invalid key (fact 12)",
      { url: "={{ $fromAI('my key') }}" },
      "Parameter key `my key` is invalid",
      "url",
    ],
    [
      "a key over 64 characters",
      { url: `={{ $fromAI('${"k".repeat(65)}') }}` },
      `Parameter key \`${"k".repeat(65)}\` is invalid`,
      "url",
    ],
    [
      "an unknown type",
      { url: "={{ $fromAI('k', 'K', 'date') }}" },
      "Failed to parse $fromAI arguments: 'k', 'K', 'date': Error: Invalid type: date",
      "url",
    ],
  ])("a schema error stops the workflow: %s", (_name, parameters, message, path) => {
    expect(fromAiSchema(parameters)).toEqual({ ok: false, message, path });
  });

  test("a key inherited names (__proto__, constructor) are own properties of the schema", () => {
    const result = fromAiSchema({ url: "={{ $fromAI('__proto__') }}{{ $fromAI('constructor') }}" });
    expect(result.ok && Object.keys(result.inputSchema.properties as object)).toEqual([
      "__proto__",
      "constructor",
    ]);
    expect(({} as Record<string, unknown>).type).toBeUndefined();
  });
});

describe("scanFromAiCalls", () => {
  test("an unclosed call is n8n's parse error", () => {
    expect(scanFromAiCalls("{{ $fromAI('id', 'x' }}")).toEqual({
      ok: false,
      message: "Unbalanced parentheses while parsing $fromAI call: 'id', 'x' }}",
    });
  });

  test("a hostile text with many calls is read in one pass", () => {
    const text = "{{ $fromAI('k') }}".repeat(5_000);
    const scan = scanFromAiCalls(text);
    expect(scan.ok && scan.calls.length).toBe(5_000);
  });
});
