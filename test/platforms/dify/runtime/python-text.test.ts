import { describe, expect, test } from "vitest";
import {
  pythonFloatRepr,
  pythonRepr,
  pythonStrRepr,
} from "../../../../src/platforms/dify/runtime/python-text.js";
import { segmentText } from "../../../../src/platforms/dify/runtime/segment-text.js";

describe("fact 23: a value is inserted as Python's text of it", () => {
  test.each<[string, unknown, string]>([
    ["a string, raw", 'say "hi"\n', 'say "hi"\n'],
    ["a whole number, as an int", 42, "42"],
    ["a fraction, as a float's repr", 1.5, "1.5"],
    ["a whole number beyond 2^53, still an int", 1e20, "100000000000000000000"],
    ["a small float, in exponent form", 0.00001, "1e-05"],
    ["true, as Python's True", true, "True"],
    ["false, as Python's False", false, "False"],
    ["null, as empty text", null, ""],
    [
      "an object, as json.dumps with its spaces",
      { a: 1, b: "é", c: [true, null] },
      '{"a": 1, "b": "é", "c": [true, null]}',
    ],
    ["an array of strings, as JSON", ["a", "b"], '["a", "b"]'],
    ["an array of objects, as Python's repr", [{ a: 1 }], "[{'a': 1}]"],
    ["an array of booleans, as Python's repr", [true, false], "[True, False]"],
    ["an array of numbers, as Python's repr", [1, 2.5], "[1, 2.5]"],
    ["a mixed array, as Python's repr", ["a", 1, null], "['a', 1, None]"],
    ["an empty array, as empty text", [], ""],
  ])("%s", (_name, value, text) => {
    expect(segmentText(value)).toBe(text);
  });
});

describe("Python's repr of floats and strings", () => {
  test.each<[number, string]>([
    [0.1, "0.1"],
    [0.0001, "0.0001"],
    [1e16, "1e+16"],
    [1234567890123456.8, "1234567890123456.8"],
    [1.5e300, "1.5e+300"],
    [-2.5e-7, "-2.5e-07"],
    [-0, "-0.0"],
  ])("%d → %s", (value, text) => {
    expect(pythonFloatRepr(value)).toBe(text);
  });

  test.each<[string, string]>([
    ["it's", `"it's"`],
    [`it's "x"`, `'it\\'s "x"'`],
    ["tab\there\nline", "'tab\\there\\nline'"],
    ["\u0007bell\u00a0nbsp", "'\\x07bell\\xa0nbsp'"],
    ["中文", "'中文'"],
  ])("%j → %s", (value, text) => {
    expect(pythonStrRepr(value)).toBe(text);
  });

  test("a nested value", () => {
    expect(pythonRepr({ k: [1.0, "x", { y: false }] })).toBe("{'k': [1, 'x', {'y': False}]}");
  });
});
