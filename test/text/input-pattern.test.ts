import { describe, expect, test } from "vitest";
import { compileInputPattern } from "../../src/text/input-pattern.js";
import { craftedText, HOSTILE_CASES } from "../support/hostile-patterns.js";

function compiled(source: string) {
  const result = compileInputPattern(source);
  if (!result.ok) throw new Error(`${source}: ${result.reason}`);
  return result.pattern;
}

describe("compileInputPattern: a pattern from input is matched by RE2", () => {
  test.each(HOSTILE_CASES)(
    "$pattern against $length a's and a '!' completes ($matches)",
    ({ pattern, matches, length }) => {
      expect(compiled(pattern).test(craftedText(length))).toBe(matches);
    },
  );

  test.each([
    ["^\\d{4}-\\d{2}-\\d{2}$", "2024-07-15", true],
    ["^\\d{4}-\\d{2}-\\d{2}$", "2024-7-15", false],
    ["[a-z]+@example\\.com", "mail ada@example.com", true],
    ["^\\u00e9\\u{1F600}$", "é😀", true],
    ["^(?<year>\\d{4})$", "2024", true],
    ["^\\p{L}+$", "héllo", true],
    ["^[^]$", "\n", true],
    ["^\\w+$", "é", false],
    ["^[(?=]a$", "=a", true],
  ])("%s on %j: %s, as JavaScript says", (source, text, expected) => {
    expect(compiled(source).test(text)).toBe(expected);
    expect(new RegExp(source, "u").test(text)).toBe(expected);
  });

  test.each([
    ["^.$", "\r"],
    ["^.$", "\u2028"],
    ["^\\s$", "\u3000"],
    ["^\\s$", "\v"],
    ["^[\\s]$", "\u00a0"],
    ["^\\S$", "\ufeff"],
    ["^[^\\s]$", "\u2029"],
    ["^[.]$", "."],
  ])("keeps JavaScript's meaning where RE2's differs: %s on %j", (source, text) => {
    expect(compiled(source).test(text)).toBe(new RegExp(source, "u").test(text));
  });

  test.each([
    ["(?=a)a", "unsupported", "RE2 cannot run lookaround"],
    ["(?<!a)b", "unsupported", "RE2 cannot run lookaround"],
    ["(a)\\1", "unsupported", "RE2 cannot run a backreference"],
    ["(?<x>a)\\k<x>", "unsupported", "RE2 cannot run a backreference"],
    ["((a{99}){99}){99}", "unsupported", "RE2 cannot run it (invalid repeat count: `{99}`)"],
    ["a{1001}", "unsupported", "RE2 cannot run it (invalid repeat count: `{1001}`)"],
    [`^${"a".repeat(501)}$`, "unsupported", "longer than 500 characters"],
    ["(", "invalid", "not a regular expression"],
    ["a{,3}", "invalid", "not a regular expression"],
    ["(?i)a", "invalid", "not a regular expression"],
  ])("refuses %s: %s, %s", (source, kind, reason) => {
    expect(compileInputPattern(source)).toEqual({ ok: false, kind, reason });
  });

  test("gives its source back", () => {
    expect(String(compiled("^a+$"))).toBe("^a+$");
    expect(compiled("^a+$").source).toBe("^a+$");
  });
});
