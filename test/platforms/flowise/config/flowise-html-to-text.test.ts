import { describe, expect, test } from "vitest";
import { flowiseHtmlToText } from "../../../../src/platforms/flowise/config/flowise-html-to-text.js";

describe("flowiseHtmlToText", () => {
  test.each([
    ["a URL in a paragraph", "<p>http://localhost:5566/events</p>", "http://localhost:5566/events"],
    ["plain text unchanged", "http://localhost:5566/events", "http://localhost:5566/events"],
    ["a variable: underscores un-escaped", "{{$vars.base_url}}/events", "{{$vars.base_url}}/events"],
    [
      "a variable mention span",
      '<p><span class="variable" data-type="mention" data-id="$vars.base_url">{{ $vars.base_url }}</span>/events</p>',
      "{{ $vars.base_url }}/events",
    ],
    ["entities decoded", "<p>http://h/e?a=1&amp;b=&lt;2&gt;&#33;&#x41;</p>", "http://h/e?a=1&b=<2>!A"],
    ["unknown entities kept", "a &bogus; b", "a &bogus; b"],
    [
      "a plain-text query string mangled as an HTML parser does",
      "http://h/e?a=1&param=2",
      "http://h/e?a=1\u00b6m=2",
    ],
    ["paragraphs split by a blank line", "<p>one</p><p>two</p>", "one\n\ntwo"],
    ["empty paragraphs dropped", "<p></p><p>x</p><p> </p>", "x"],
    ["a line break", "<p>a<br>b</p>", "a  \nb"],
    ["whitespace collapsed and trimmed", "  a \n\t b  ", "a b"],
    ["whitespace collapsed across inline tags", "<p> a <b> b </b> c </p>", "a b c"],
    ["an unknown tag is dropped with its angle brackets", "Bearer <token>", "Bearer"],
    ["a comparison that is not a tag", "a < b", "a < b"],
    ["comments dropped", "x<!-- note -->y", "xy"],
    ["square brackets un-escaped", "[a]_b", "[a]_b"],
    ["Markdown characters stay escaped, as Flowise leaves them", "a*b`c\\d", "a\\*b\\`c\\\\d"],
    ["a leading dash is escaped", "-x", "\\-x"],
    ["a leading heading mark is escaped", "# x", "\\# x"],
    ["a leading ordered-list number is escaped", "1. x", "1\\. x"],
    ["the empty string", "", ""],
  ])("%s", (_label, input, expected) => {
    expect(flowiseHtmlToText(input)).toBe(expected);
  });
});
