import { expect, test } from "vitest";
import { approximateBigInts, parseJsonExact, stringifyJsonExact } from "../../src/json/exact-json.js";

test("an integer beyond 2^53 is read as a bigint and written back from its digits", () => {
  const text = '{"id":9007199254740993,"big":-19100000000000000000000000,"small":7,"ratio":1.5}';
  const value = parseJsonExact(text) as Record<string, unknown>;
  expect(value).toEqual({ id: 9007199254740993n, big: -19100000000000000000000000n, small: 7, ratio: 1.5 });
  expect(stringifyJsonExact(value)).toBe(text);
});

test("2^53 - 1 stays a number; 2^53 becomes a bigint; a long decimal or exponent stays a number as JSON.parse reads it", () => {
  expect(
    parseJsonExact("[9007199254740991,9007199254740992,1234567890123456.5,12345678901234567e3]"),
  ).toEqual([9007199254740991, 9007199254740992n, 1234567890123456.5, 12345678901234567e3]);
});

test("a hostile body reads as JSON.parse reads it: __proto__ an own key, a repeated key its last value", () => {
  const value = parseJsonExact('{"__proto__":{"polluted":true},"id":12345678901234567890,"id":2}') as Record<
    string,
    unknown
  >;
  expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.keys(value)).toEqual(["__proto__", "id"]);
  expect(value.id).toBe(2);
});

test("malformed text is a SyntaxError on both paths", () => {
  expect(() => parseJsonExact('{"a":')).toThrow(SyntaxError);
  expect(() => parseJsonExact('{"a":12345678901234567890')).toThrow(SyntaxError);
});

test("a checker sees each bigint as the nearest number, and the value itself, uncopied, when it holds none", () => {
  const plain = { a: [1, { b: "x" }] };
  expect(approximateBigInts(plain)).toBe(plain);
  const exact = parseJsonExact('{"a":[1,{"b":9007199254740993}],"c":"x"}');
  expect(approximateBigInts(exact)).toEqual({ a: [1, { b: 9007199254740992 }], c: "x" });
  expect(exact).toEqual({ a: [1, { b: 9007199254740993n }], c: "x" });
});

test("a value with no bigint is written exactly as JSON.stringify writes it", () => {
  const value = { a: [1, "é", null], b: { c: true } };
  expect(stringifyJsonExact(value)).toBe(JSON.stringify(value));
});
