import { describe, expect, test } from "vitest";
import {
  assertBoundedExpansion,
  CycleError,
  MAX_EXPANDED_TEXT,
  MAX_EXPANDED_VALUES,
} from "../../src/project-files/bounded-expansion.js";
import { MAX_DEPTH, parseBounded } from "../../src/project-files/parse-bounded.js";
import { yamlAliasBomb, yamlMergeKeyBomb, yamlTextBomb } from "../support/hostile-project.js";

const EXPANDS = `expands to more than ${MAX_EXPANDED_VALUES} values (YAML aliases or shared $refs); refusing to load it`;
const EXPANDS_TEXT = `expands to more than ${MAX_EXPANDED_TEXT} characters of text (YAML aliases or shared $refs); refusing to load it`;

describe("parseBounded", () => {
  test.each([
    ["JSON", '{"a": [1, 2]}', "json"],
    ["YAML", "a: [1, 2]\n", "yaml"],
    ["JSON or YAML (YAML)", "a: [1, 2]\n", "json-or-yaml"],
  ] as const)("parses %s", (_, text, format) => {
    expect(parseBounded(text, format)).toEqual({ a: [1, 2] });
  });

  test("a billion-laughs alias bomb (under 700 bytes) is refused", () => {
    const bomb = yamlAliasBomb(9);
    expect(bomb.length).toBeLessThan(700);
    expect(() => parseBounded(bomb, "yaml")).toThrow(EXPANDS);
  });

  test("a text bomb (a million copies of a 10,000-character string, in 12 KB) is refused", () => {
    const bomb = yamlTextBomb(6);
    expect(bomb.length).toBeLessThan(12_000);
    expect(() => parseBounded(bomb, "yaml")).toThrow(EXPANDS_TEXT);
  });

  test("keys count as text too: a mapping with a 10,000-character key, shared a million times", () => {
    const bomb = yamlTextBomb(6).replace(
      `a0: &a0 "${"x".repeat(10_000)}"`,
      `a0: &a0 {${"k".repeat(10_000)}: 1}`,
    );
    expect(() => parseBounded(bomb, "yaml")).toThrow(EXPANDS_TEXT);
  });

  test("a few shared aliases are fine", () => {
    expect(parseBounded(yamlTextBomb(3), "yaml")).toMatchObject({ a3: expect.any(Array) });
    expect(parseBounded(yamlAliasBomb(3), "yaml")).toMatchObject({ a3: expect.any(Array) });
  });

  test("a merge-key bomb is refused: `<<` is a plain key (no merging), its aliases are counted", () => {
    expect(parseBounded("base: &b {x: 1}\nuse: {<<: *b, y: 2}\n", "yaml")).toEqual({
      base: { x: 1 },
      use: { "<<": { x: 1 }, y: 2 },
    });
    expect(() => parseBounded(yamlMergeKeyBomb(8), "yaml")).toThrow(EXPANDS);
  });

  test.each([
    ["a sequence", "a: &a [1, *a]\n"],
    ["a mapping", "paths:\n  /a: &p\n    get:\n      nested: *p\n"],
    ["a flow mapping", "n: &n {deeper: {deepest: *n}}\n"],
  ])("a YAML alias to a node it is inside (%s) is refused: no later walk could end", (_, text) => {
    expect(() => parseBounded(text, "yaml")).toThrow(
      "invalid YAML (an alias refers to a node it is inside: a cycle)",
    );
    expect(() => parseBounded(text, "json-or-yaml")).toThrow("a cycle");
  });

  test("an error never quotes the text", () => {
    const secret = "root:x:0:0:root:/root:/bin/bash";
    for (const format of ["json", "yaml"] as const) {
      try {
        parseBounded(`a: [${secret}`, format);
      } catch (error) {
        expect((error as Error).message).not.toContain("root:x");
        continue;
      }
      throw new Error(`${format}: parsed`);
    }
  });

  test.each(["json", "json-or-yaml", "yaml"] as const)(
    "%s: 99 nested levels parse, 100 do not (js-yaml's limit, held for JSON)",
    (format) => {
      const nested = (levels: number) => `${"[".repeat(levels)}${"]".repeat(levels)}`;
      expect(JSON.stringify(parseBounded(nested(MAX_DEPTH - 1), format))).toBe(nested(MAX_DEPTH - 1));
      expect(() => parseBounded(nested(MAX_DEPTH), format)).toThrow(/^invalid (JSON|YAML) \(nest/);
    },
  );

  test("100,000 levels of JSON are one parse error, not a stack overflow", () => {
    const depth = 100_000;
    expect(() => parseBounded(`${"[".repeat(depth)}${"]".repeat(depth)}`, "json")).toThrow(
      `invalid JSON (nested ${MAX_DEPTH} levels deep or more)`,
    );
  });

  test("a spec's JSON is left to the resolver's own bound (depthCheckedLater)", () => {
    const depth = 1_000;
    const text = `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
    expect(() => parseBounded(text, "json", { depthCheckedLater: true })).not.toThrow();
  });
});

describe("assertBoundedExpansion", () => {
  test("a cycle (a recursive schema) counts once, or is refused when asked", () => {
    const node: Record<string, unknown> = { type: "object" };
    node.properties = { child: node, again: node };
    expect(() => assertBoundedExpansion(node)).not.toThrow();
    expect(() => assertBoundedExpansion({ root: node }, { refuseCycles: true })).toThrow(CycleError);
  });

  test("a part shared twice without a cycle is not a cycle", () => {
    const shared = { type: "string" };
    expect(() => assertBoundedExpansion({ a: shared, b: [shared] }, { refuseCycles: true })).not.toThrow();
  });

  test("shared objects are counted as often as they appear", () => {
    let level: unknown[] = ["x"];
    for (let i = 0; i < 30; i++) level = [level, level];
    expect(() => assertBoundedExpansion(level)).toThrow(EXPANDS);
  });

  test("counts every value as written out: 6,291,455 values pass, 12,582,911 do not", () => {
    // Each level is an array holding the level below twice: 3 × 2^n − 1 values after n doublings.
    const doubled = (times: number) => {
      let level: unknown[] = ["x"];
      for (let i = 0; i < times; i++) level = [level, level];
      return level;
    };
    expect(() => assertBoundedExpansion(doubled(21))).not.toThrow();
    expect(() => assertBoundedExpansion(doubled(22))).toThrow(EXPANDS);
  });
});
