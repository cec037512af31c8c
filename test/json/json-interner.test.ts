import { expect, test } from "vitest";
import { createJsonInterner } from "../../src/json/json-interner.js";

test("values of the same JSON text become the first one given; others stay themselves", () => {
  const intern = createJsonInterner();
  const first = { type: "object", properties: { q: { type: "string" } } };
  const copy = JSON.parse(JSON.stringify(first));
  const other = { type: "object", properties: { q: { type: "integer" } } };
  expect(intern(first)).toBe(first);
  expect(intern(copy)).toBe(first);
  expect(intern(other)).toBe(other);
  expect(intern(copy)).toBe(first);
});

test("key order is part of the text: the same keys in another order are another value", () => {
  const intern = createJsonInterner();
  const ab = { a: 1, b: 2 };
  const ba = { b: 2, a: 1 };
  expect(intern(ab)).toBe(ab);
  expect(intern(ba)).toBe(ba);
});

test("two interners share nothing", () => {
  const first = { type: "string" };
  const copy = { type: "string" };
  createJsonInterner()(first);
  expect(createJsonInterner()(copy)).toBe(copy);
});
