import { describe, expect, test } from "vitest";
import { escapeHtml, html, joinHtml, SafeHtml } from "../../src/html-report/html.js";

describe("html", () => {
  test.each([
    ["<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"],
    ['"><img src=x onerror=alert(1)>', "&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"],
    ["it's & more", "it&#39;s &amp; more"],
    ["txt.\u202eexe", "txt.\\u202eexe"],
    ["a\u001b[2Jb", "a\\u001b[2Jb"],
    ["two\nlines\ttab", "two\nlines\ttab"],
  ])("escapeHtml(%j) is %j", (text, escaped) => {
    expect(escapeHtml(text)).toBe(escaped);
  });

  test("values are escaped, SafeHtml and lists of it are not, nothing is written for undefined, null and false", () => {
    const name = "<b>x</b>";
    const page = html`<p title="${name}">${name} ${new SafeHtml("<i>kept</i>")} ${[html`<br>`, "<"]}${undefined}${null}${false}${0}</p>`;
    expect(page.markup).toBe(
      '<p title="&lt;b&gt;x&lt;/b&gt;">&lt;b&gt;x&lt;/b&gt; <i>kept</i> <br>&lt;0</p>',
    );
  });

  test("joinHtml escapes each value and keeps the separator", () => {
    expect(joinHtml(["<a>", html`<b>`], ", ").markup).toBe("&lt;a&gt;, <b>");
  });
});
