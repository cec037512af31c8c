import { describe, expect, test } from "vitest";
import { invalidJsonMessage, parseFlowiseJson } from "../../src/config/flowise-json.js";

describe("parseFlowiseJson", () => {
  test.each([
    ["strict JSON", '{"a": 1}', { a: 1 }],
    ["single quotes and unquoted keys (JSON5)", "{a: 'x'}", { a: "x" }],
    ["a trailing comma (JSON5)", '{"a": 1,}', { a: 1 }],
    ["comments (JSON5)", '{"a": 1 /* c */} // d', { a: 1 }],
    ["backslashes before brackets (Flowise's clean-up)", '{"a": \\[1, 2\\]}', { a: [1, 2] }],
    [
      "an apostrophe inside a string with escaped brackets",
      '{"a": "it\'s", "b": \\[1\\]}',
      { a: "it's", b: [1] },
    ],
    ["a non-object value", "[1, 2]", [1, 2]],
  ])("accepts %s", (_label, text, value) => {
    expect(parseFlowiseJson(text)).toEqual({ ok: true, value });
  });

  test.each([
    ["an unclosed object", '{"a": ', "JSON5: invalid end of input at 1:7"],
    ["HTML around JSON", "<p>{}</p>", "JSON5: invalid character '<' at 1:1"],
    ["a missing value", '{"a": }', "JSON5: invalid character '}' at 1:7"],
  ])("rejects %s with JSON5's first error first", (_label, text, reason) => {
    expect(parseFlowiseJson(text)).toMatchObject({ ok: false, reason, text });
  });

  test("the message is Flowise 3.1.4's, whole: four attempts, the common fixes, the text received", () => {
    const failed = parseFlowiseJson('{"a": }');
    if (failed.ok) throw new Error("parsed");
    expect(invalidJsonMessage(failed)).toBe(
      [
        `Invalid JSON format in body. Original error: JSON5: invalid character '}' at 1:7. After cleanup attempts: JSON5: invalid character '}' at 1:7. 3rd attempt: ${failed.attempts[2]}. Final attempt: ${failed.attempts[3]}.`,
        "",
        "Common fixes:",
        "• Ensure all strings are enclosed in double quotes",
        "• Remove trailing commas",
        "• Remove comments (// or /* */)",
        '• Escape special characters properly (\\n for newlines, \\" for quotes)',
        "• Use double quotes instead of single quotes",
        "• Remove unnecessary backslashes before brackets [ ] { }",
        "",
        'Received body: {"a": }',
      ].join("\n"),
    );
    expect(failed.attempts[2]).toMatch(/^(Unexpected token|Expected)/);
    expect(failed.attempts[3]).toMatch(/^(Unexpected token|Expected)/);
  });
});
