import { describe, expect, test } from "vitest";
import { cloneJson } from "../../src/json/json-value.js";

describe("cloneJson", () => {
  test("copies every level of a JSON value", () => {
    const value = { a: [1, { b: "x" }], c: null, d: true, e: { f: { g: 1.5 } } };
    const copy = cloneJson(value);
    expect(copy).toEqual(value);
    copy.a.push(2);
    (copy.e.f as { g: number }).g = 9;
    expect(value).toEqual({ a: [1, { b: "x" }], c: null, d: true, e: { f: { g: 1.5 } } });
  });

  test("scalars come back as they are", () => {
    expect([cloneJson("s"), cloneJson(0), cloneJson(null), cloneJson(false)]).toEqual(["s", 0, null, false]);
  });
});
