import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { getField, setField, unsetField } from "../../src/json/field-path.js";
import { jsonBodyOfRows } from "../../src/platforms/n8n/runtime/current/request-parts.js";
import { optimizeJson, optimizeSettingsOf } from "../../src/platforms/n8n/runtime/optimize-response.js";

const PROTOTYPES = {
  Object: Object.prototype,
  String: String.prototype,
  Array: Array.prototype,
  Function: Function.prototype,
  Number: Number.prototype,
  ObjectConstructor: Object,
};

/** Every own property of the shared prototypes, descriptor and all. */
function prototypesNow(): Record<string, [string | symbol, PropertyDescriptor | undefined][]> {
  return Object.fromEntries(
    Object.entries(PROTOTYPES).map(([name, prototype]) => [
      name,
      Reflect.ownKeys(prototype).map((key) => [key, Object.getOwnPropertyDescriptor(prototype, key)]),
    ]),
  );
}

const HOSTILE = ["__proto__", "constructor", "prototype", "constructor.prototype", "__proto__.__proto__"];
const ORDINARY = [
  "a",
  "s",
  "n",
  "list",
  "0",
  "toString",
  "hasOwnProperty",
  "padEnd",
  "push",
  "call",
  "polluted",
];

/** A path of hostile and ordinary keys, dotted or bracketed, as an attacker writes it in a workflow. */
const paths = fc
  .array(fc.oneof(fc.constantFrom(...HOSTILE), fc.constantFrom(...ORDINARY)), { minLength: 1, maxLength: 5 })
  .chain((keys) =>
    fc.constantFrom(keys.join("."), keys.map((key) => `["${key}"]`).join(""), keys.join("][")),
  );

/** Data from JSON.parse, with an own `__proto__` key at the root and at depth. */
const ANSWERS = [
  '{"__proto__": {"a": 1}, "a": {"b": 1}, "s": "text", "list": [1, 2], "n": 5}',
  '{"a": {"__proto__": {"x": 1}, "s": "x"}, "constructor": {"prototype": {}}}',
  '[{"__proto__": {}, "a": {}}, {"a": {"constructor": {"prototype": {"polluted": 1}}}}]',
  '{"prototype": {"toString": 1}, "__proto__": {"__proto__": {}}}',
];

describe("field paths never reach a prototype (issue 37)", () => {
  test("get, set and unset with hostile keys at every level leave every prototype as it was", () => {
    const before = prototypesNow();
    fc.assert(
      fc.property(paths, paths, fc.constantFrom(...ANSWERS), fc.jsonValue(), (path, other, answer, value) => {
        const data = JSON.parse(answer);
        getField(data, path);
        unsetField(data, path);
        unsetField(JSON.parse(answer), `${other}.${path}`);
        const picked: Record<string, unknown> = JSON.parse('{"__proto__": {}}');
        setField(picked, other, getField(data, other));
        setField(picked, path, value);
        setField(picked, `${other}.${path}`, value);
        expect(prototypesNow()).toEqual(before);
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      }),
      { numRuns: 2000 },
    );
  });

  test("Optimize Response and keypair JSON bodies with hostile field names leave every prototype as it was", () => {
    const before = prototypesNow();
    fc.assert(
      fc.property(fc.array(paths, { maxLength: 4 }), fc.constantFrom(...ANSWERS), (fields, answer) => {
        for (const fieldsToInclude of ["selected", "except"]) {
          const settings = optimizeSettingsOf({ optimizeResponse: true, fieldsToInclude, fields });
          if (!settings) throw new Error("expected settings");
          optimizeJson(answer, settings);
          optimizeJson(JSON.parse(answer), settings);
        }
        jsonBodyOfRows(fields.map((name) => ({ name, value: JSON.parse(answer) })));
        expect(prototypesNow()).toEqual(before);
      }),
      { numRuns: 1000 },
    );
  });

  test.each([
    ["a dotted path", { a: { b: [1, { c: 2 }] } }, "a.b[1].c", 2],
    ["an index written with a dot", { a: [5, 6] }, "a.1", 6],
    ["a string's length, as lodash reads it", { s: "abc" }, "s.length", 3],
    ["a key with a dot the root has as its own", { "a.b": 1, a: { b: 2 } }, "a.b", 1],
    ["a bracketed key with a dot", { a: { "b.c": 3 } }, 'a["b.c"]', 3],
    ["a missing key", { a: {} }, "a.b.c", undefined],
    ["an inherited method is no field", { a: {} }, "a.toString", undefined],
    ["an own __proto__ key is refused too", JSON.parse('{"__proto__": {"x": 1}}'), "__proto__.x", undefined],
  ])("get: %s", (_name, data, path, expected) => {
    expect(getField(data, path)).toEqual(expected);
  });

  test("set makes levels as lodash does: an array where the next key is an index", () => {
    const picked: Record<string, unknown> = {};
    setField(picked, "a.b", 1);
    setField(picked, "list[0].id", 2);
    setField(picked, "a.c", 3);
    expect(picked).toEqual({ a: { b: 1, c: 3 }, list: [{ id: 2 }] });
  });

  test("set through an inherited method writes a field of the data's own, never the method", () => {
    const picked: Record<string, unknown> = {};
    setField(picked, "toString.polluted", 1);
    expect(Object.hasOwn(picked, "toString")).toBe(true);
    expect((Object.prototype.toString as unknown as Record<string, unknown>).polluted).toBeUndefined();
  });

  test("unset deletes the data's own field and nothing else", () => {
    const answer = JSON.parse('{"__proto__": {}, "a": {"b": 1, "c": 2}}');
    expect(unsetField(answer, "a.b")).toBe(true);
    expect(answer.a).toEqual({ c: 2 });
    expect(unsetField(answer, "a.__proto__.toString")).toBe(false);
    expect(unsetField(answer, "a.constructor.prototype.toString")).toBe(false);
    expect(typeof Object.prototype.toString).toBe("function");
  });
});
