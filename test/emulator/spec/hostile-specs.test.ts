import { describe, expect, test } from "vitest";
import { PATTERN_PLACEHOLDER } from "../../../src/emulator/spec/pattern-generation.js";
import { explainSchemas } from "../../../src/emulator/spec/schema-notes.js";
import { createSpecEmulator } from "../../../src/emulator/spec/spec-emulator.js";
import { loadSpec } from "../../../src/openapi/load-spec.js";

/** A description an attacker wrote: every answer schema asks for something huge. */
function hostileSpec(schema: unknown) {
  return loadSpec({
    openapi: "3.0.3",
    info: { title: "Hostile", version: "1" },
    servers: [{ url: "http://hostile.test" }],
    paths: {
      "/boom": { get: { responses: { "200": { content: { "application/json": { schema } } } } } },
    },
    components: { schemas: { Fan: fanOut() } },
  });
}

/** An object whose hundred properties are all itself: breadth^depth values if generated naively. */
function fanOut(): Record<string, unknown> {
  const properties = Object.fromEntries(
    Array.from({ length: 100 }, (_, i) => [`p${i}`, { $ref: "#/components/schemas/Fan" }]),
  );
  return { type: "object", properties };
}

describe("a hostile description cannot make the spec emulator build a huge answer", () => {
  test.each([
    ["an array of a billion items", { type: "array", minItems: 1e9, items: { type: "integer" } }],
    ["a string of a billion characters", { type: "string", minLength: 1e9 }],
    ["a pattern repeating a hundred million times", { type: "string", pattern: "^a{100000000}$" }],
    ["an object of a hundred million properties", { type: "object", minProperties: 1e8 }],
    [
      "unique items that cannot be",
      { type: "array", minItems: 40, uniqueItems: true, items: { type: "boolean" } },
    ],
    ["a recursive fan-out", { $ref: "#/components/schemas/Fan" }],
  ])("%s: a bounded answer", async (_name, schema) => {
    const emulator = createSpecEmulator(await hostileSpec(schema));
    const answer = await emulator.fetch(new Request("http://hostile.test/boom"));
    expect(answer.status).toBe(200);
    expect((await answer.text()).length).toBeLessThan(1_000_000);
  });
});

/** `levels` groups each repeated 99 times: json-schema-faker writes out 99^levels characters. */
function nestedRepeats(levels: number): string {
  return `^${"(".repeat(levels)}a${"{99})".repeat(levels)}$`;
}

describe("a pattern whose strings are too long to make is answered with the placeholder", () => {
  test.each([
    ["two levels of {99} (9,801 characters)", nestedRepeats(2)],
    ["four levels (96 million: 10 s and 0.6 GB before)", nestedRepeats(4)],
    ["five levels (more than 60 s and 1 GB before)", nestedRepeats(5)],
    ["a checked pattern of 2,000 characters", "^a{1000}b{1000}$"],
    ["a pattern the emulator does not check", "^(?!admin)[a-z]+$"],
  ])("%s", async (_name, pattern) => {
    const emulator = createSpecEmulator(await hostileSpec({ type: "string", pattern }));
    const answer = await emulator.fetch(new Request("http://hostile.test/boom"));
    expect(await answer.json()).toBe(PATTERN_PLACEHOLDER);
  });

  test("--explain names each such pattern and its operation", async () => {
    const schema = {
      type: "object",
      properties: { a: { type: "string", pattern: nestedRepeats(4) }, b: { pattern: "^a{1000}b{1000}$" } },
    };
    expect(explainSchemas(createSpecEmulator(await hostileSpec(schema)).index)).toEqual([
      `GET /boom: pattern /${nestedRepeats(4)}/ is not checked (RE2 cannot run it (invalid repeat count: \`{99}\`)); a generated value holds "${PATTERN_PLACEHOLDER}"`,
      `GET /boom: pattern /^a{1000}b{1000}$/ is not generated from (its strings may have 2,000 characters); a generated value holds "${PATTERN_PLACEHOLDER}"`,
    ]);
  });

  test("one whose strings are short enough is generated from, and fits it", async () => {
    const pattern = "^(ab{9}){30}$";
    const emulator = createSpecEmulator(await hostileSpec({ type: "string", pattern }));
    const value = await (await emulator.fetch(new Request("http://hostile.test/boom"))).json();
    expect(value).toMatch(new RegExp(pattern));
  });

  test("inside an object, the other fields are generated as usual", async () => {
    const schema = {
      type: "object",
      required: ["id", "code"],
      properties: {
        id: { type: "integer", minimum: 1 },
        code: { type: "string", pattern: nestedRepeats(4) },
      },
    };
    const emulator = createSpecEmulator(await hostileSpec(schema));
    const value = await (await emulator.fetch(new Request("http://hostile.test/boom"))).json();
    expect(value).toEqual({ id: expect.any(Number), code: PATTERN_PLACEHOLDER });
  });

  test("strings that each fit but add up past a million characters make a smaller answer", async () => {
    const wide = Object.fromEntries(
      Array.from({ length: 50 }, (_, i) => [`f${i}`, { type: "string", pattern: "^(x{30}){30}$" }]),
    );
    const schema = { type: "array", minItems: 50, items: { type: "object", properties: wide } };
    const emulator = createSpecEmulator(await hostileSpec(schema));
    const answer = await emulator.fetch(new Request("http://hostile.test/boom"));
    expect(answer.status).toBe(200);
    expect((await answer.text()).length).toBeLessThan(1_100_000);
  });
});
