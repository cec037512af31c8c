import { describe, expect, test } from "vitest";
import { escapeXml } from "../../src/text/escape-xml.js";
import { toJsonText, toLineText, toTerminalText, toXmlText } from "../../src/text/safe-text.js";
import {
  reorderingCharacters,
  terminalControls,
  workflowCommandLines,
  xmlForbidden,
} from "../support/unsafe-characters.js";

const HOSTILE = "a\u001b[2J\u001b]0;pwned\u0007b\u0000c\u009bd\u007fe";

/** What a config's description or a server's answer writes to command a GitHub Actions runner. */
const ATTACK = "\n::error file=x::pwned\u202e ##[add-mask]leak\r";

describe("toTerminalText", () => {
  test("shows control characters instead of sending them to the terminal", () => {
    expect(terminalControls(toTerminalText(HOSTILE))).toEqual([]);
    expect(toTerminalText(HOSTILE)).toBe("a\\u001b[2J\\u001b]0;pwned\\u0007b\\u0000c\\u009bd\\u007fe");
  });

  test("keeps tabs, newlines, CRLF and ordinary text", () => {
    expect(toTerminalText("x\ty\nz é ✓\r\n")).toBe("x\ty\nz é ✓\r\n");
  });

  test("shows a lone carriage return, which would overwrite the line printed before", () => {
    expect(toTerminalText("ok 1/1\rFAILED")).toBe("ok 1/1\\u000dFAILED");
    expect(terminalControls("a\r\nb\rc")).toEqual([0x0d]);
  });

  test.each([
    ["U+202E, the right-to-left override", "exe.\u202etxt", "exe.\\u202etxt"],
    ["isolates, marks and the line separator", "\u2066a\u2069\u200f\u2028", "\\u2066a\\u2069\\u200f\\u2028"],
  ])("shows %s", (_name, text, shown) => {
    expect(toTerminalText(text)).toBe(shown);
    expect(reorderingCharacters(toTerminalText(text))).toEqual([]);
  });

  test("keeps its lines, but none that the runner would obey: `::` after blanks, `##[` anywhere", () => {
    const shown = toTerminalText(`ok${ATTACK}\n  ::add-mask::x\n::`);
    expect(shown).toBe(
      "ok\n\\u003a:error file=x::pwned\\u202e \\u0023#[add-mask]leak\r\n  \\u003a:add-mask::x\n\\u003a:",
    );
    expect(workflowCommandLines(shown)).toEqual([]);
  });

  test("leaves a `::` that no line starts with alone (an IPv6 address)", () => {
    expect(toTerminalText("GET http://[::1]:80/x")).toBe("GET http://[::1]:80/x");
  });
});

describe("toLineText", () => {
  test("one line: newlines and carriage returns shown as \\n and \\r, and no command", () => {
    const shown = toLineText(`desc${ATTACK}\r\n`);
    expect(shown).toBe("desc\\n::error file=x::pwned\\u202e \\u0023#[add-mask]leak\\r\\r\\n");
    expect(shown.split("\n")).toHaveLength(1);
    expect(workflowCommandLines(shown)).toEqual([]);
  });

  test("a text that starts a line with `::` (a tool named so) does not command", () => {
    expect(toLineText("  ::add-mask::x")).toBe("  \\u003a:add-mask::x");
  });

  test("keeps tabs and ordinary text", () => {
    expect(toLineText("a\tb é ✓")).toBe("a\tb é ✓");
  });
});

describe("toJsonText", () => {
  test("writes DEL, C1, reordering characters and a `##[` as JSON escapes: the same value read back", () => {
    const value = { d: `x\u009b31m\u007f${ATTACK}` };
    const json = toJsonText(JSON.stringify(value, null, 2));
    expect(JSON.parse(json)).toEqual(value);
    expect(reorderingCharacters(json)).toEqual([]);
    expect(terminalControls(json)).toEqual([]);
    expect(workflowCommandLines(json)).toEqual([]);
  });
});

describe("escapeXml", () => {
  test.each([
    ["C0 controls and ESC", HOSTILE],
    ["a lone high surrogate", "x\ud800y"],
    ["a lone low surrogate", "x\udc00y"],
    ["U+FFFE and U+FFFF", "x\ufffe\uffffy"],
  ])("%s leave a well-formed text", (_name, text) => {
    const escaped = escapeXml(text);
    expect(xmlForbidden(escaped)).toEqual([]);
    expect(escaped).not.toMatch(/[<>"']|&(?!(amp|lt|gt|quot|apos);)/);
  });

  test("keeps a surrogate pair (an emoji) and tabs; escapes markup", () => {
    expect(escapeXml('😀\t<a href="x">&</a>')).toBe("😀\t&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;");
    expect(toXmlText("\r")).toBe("\r");
  });

  test("newlines, reordering characters and the runner's `##[` become references: no line of its own, same text read back", () => {
    expect(escapeXml(`a${ATTACK}`)).toBe("a&#xa;::error file=x::pwned&#x202e; &#35;#[add-mask]leak&#xd;");
    expect(workflowCommandLines(escapeXml(ATTACK))).toEqual([]);
  });
});
