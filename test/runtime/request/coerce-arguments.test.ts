import { describe, expect, test } from "vitest";
import { coerceObject, type ExpectedType } from "../../../src/runtime/request/coerce-arguments.js";

const TYPES: Record<string, ExpectedType> = { id: "integer", flag: "boolean", name: "string" };

describe("coerceObject", () => {
  test("an object with nothing to convert comes back as it is", () => {
    const args = { id: 5, flag: true, name: "x", other: "7" };
    expect(coerceObject(args, TYPES)).toBe(args);
  });

  test("an argument named __proto__ is converted as an own field, never made the copy's prototype", () => {
    const args = JSON.parse('{"__proto__": "{\\"isAdmin\\": true}", "id": "5"}');
    const coerced = coerceObject(args, JSON.parse('{"__proto__": "object", "id": "integer"}'));
    expect(JSON.stringify(coerced)).toBe('{"__proto__":{"isAdmin":true},"id":5}');
    expect(Object.getPrototypeOf(coerced)).toBe(Object.prototype);
    expect((coerced as { isAdmin?: unknown }).isAdmin).toBeUndefined();
  });

  test("an object with something to convert comes back as a converted copy; the input is untouched", () => {
    const args = { id: "5", flag: "yes", name: 3, other: "7" };
    const coerced = coerceObject(args, TYPES);
    expect(coerced).toEqual({ id: 5, flag: true, name: "3", other: "7" });
    expect(coerced).not.toBe(args);
    expect(args).toEqual({ id: "5", flag: "yes", name: 3, other: "7" });
  });

  test.each([
    ['{"id":"2"}', { id: 2 }],
    ["not json", "not json"],
    [
      [1, 2],
      [1, 2],
    ],
    [null, null],
  ])("%j becomes %j", (value, expected) => {
    expect(coerceObject(value, TYPES)).toEqual(expected);
  });
});
