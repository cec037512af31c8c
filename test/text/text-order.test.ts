import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { compareText } from "../../src/text/text-order.js";

const sign = (value: number) => Math.sign(value);

/** Printable ASCII, weighted towards the characters whose order differs from their codes. */
const asciiText = fc.string({
  unit: fc.oneof(
    fc.constantFrom(..." _-./:+[]()0123456789"),
    fc.constantFrom(..."aAbBzZ"),
    fc.integer({ min: 32, max: 126 }).map((code) => String.fromCharCode(code)),
  ),
  maxLength: 12,
});

describe("compareText", () => {
  test("orders printable ASCII as localeCompare does under English collation", () => {
    fc.assert(
      fc.property(asciiText, asciiText, (a, b) => {
        expect(sign(compareText(a, b))).toBe(sign(a.localeCompare(b, "en")));
      }),
      { numRuns: 20_000 },
    );
  });

  test.each([
    ["--mcp node server.js", "--mcp-url http://h/mcp"],
    ["a-b", "ab"],
    ["ab", "aB"],
    ["aB", "Ab"],
    ["Ab", "abc"],
    ["tools/a_b.yaml", "tools/a-b.yaml"],
    ["tools[1]", "tools[10]"],
    ["Z", "a"],
  ])("%s and %s: as localeCompare orders them", (a, b) => {
    expect(sign(compareText(a, b))).toBe(sign(a.localeCompare(b, "en")));
    expect(sign(compareText(b, a))).toBe(sign(b.localeCompare(a, "en")));
  });

  test("hands text beyond printable ASCII to localeCompare", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 6 }), fc.string({ maxLength: 6 }), (a, b) => {
        expect(sign(compareText(a, b))).toBe(sign(a.localeCompare(b, "en")));
      }),
    );
    expect(sign(compareText("é", "f"))).toBe(-1);
    expect(sign(compareText("e\t", "e "))).toBe(sign("e\t".localeCompare("e ", "en")));
  });

  test("is 0 only for the same text", () => {
    expect(compareText("get_events", "get_events")).toBe(0);
    expect(compareText("a", "A")).not.toBe(0);
  });
});
