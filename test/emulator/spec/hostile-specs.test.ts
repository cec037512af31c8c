import { describe, expect, test } from "vitest";
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
