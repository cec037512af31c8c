import { describe, expect, test } from "vitest";
import { httpxJsonText, parsePythonJson } from "../../../../src/platforms/dify/runtime/python-json.js";

/** What httpx sends for a JSON body Python read: undefined when Python cannot read it. */
function resent(text: string): string | undefined {
  const value = parsePythonJson(text);
  return value === undefined ? undefined : httpxJsonText(value);
}

describe("facts 29–30: json.loads(strict=False), then httpx's compact json=", () => {
  test("the template's spacing is not kept; non-ASCII is sent as is", () => {
    expect(resent('{ "a" : 1 ,\n "b": [ "é" , true ] }')).toBe('{"a":1,"b":["é",true]}');
  });

  test("raw control characters inside strings are accepted and sent escaped", () => {
    expect(resent('{"text": "line\nbreak\ttab"}')).toBe('{"text":"line\\nbreak\\ttab"}');
  });

  test("numbers are written as Python writes them back", () => {
    expect(resent("[1.0, 1.50, 1e5, -0, 12345678901234567890, 1E-7]")).toBe(
      "[1.0,1.5,100000.0,0,12345678901234567890,1e-07]",
    );
  });

  test("a key said twice keeps its first place and its last value", () => {
    expect(resent('{"a": 1, "b": 2, "a": 3}')).toBe('{"a":3,"b":2}');
  });

  test.each(['{"a": True}', "{'a': 1}", '{"a": 1,}', '{"a" 1}', "", '{"a": "\\x"}', "\ufeff{}"])(
    "%j is not JSON to Python",
    (text) => {
      expect(parsePythonJson(text)).toBeUndefined();
    },
  );
});
