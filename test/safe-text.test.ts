import { describe, expect, test } from "vitest";
import { escapeXml } from "../src/escape-xml.js";
import { toTerminalText, toXmlText } from "../src/safe-text.js";
import { terminalControls, xmlForbidden } from "./support/unsafe-characters.js";

const HOSTILE = "a\u001b[2J\u001b]0;pwned\u0007b\u0000c\u009bd\u007fe";

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

  test("keeps a surrogate pair (an emoji), tabs and newlines; escapes markup", () => {
    expect(escapeXml('😀\t\n<a href="x">&</a>')).toBe("😀\t\n&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;");
    expect(toXmlText("\r")).toBe("\r");
  });
});
