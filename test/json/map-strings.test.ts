import { describe, expect, test } from "vitest";
import { mapStrings } from "../../src/json/map-strings.js";

describe("mapStrings", () => {
  test("every string value is mapped, in objects and arrays; keys, numbers, booleans and null are kept", () => {
    const given = { a: "x", list: ["x", 1, true, null, { deep: "x" }], "x-key": "y" };
    expect(mapStrings(given, (text) => text.toUpperCase())).toEqual({
      a: "X",
      list: ["X", 1, true, null, { deep: "X" }],
      "x-key": "Y",
    });
    expect(given.a).toBe("x");
  });
});
