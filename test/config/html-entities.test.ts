import { describe, expect, test } from "vitest";
import { decodeHtmlEntities } from "../../src/config/html-entities.js";

describe("decodeHtmlEntities", () => {
  test.each([
    ["&amp; &lt; &gt; &quot; &apos;", "& < > \" '"],
    ["&#33;&#x41;&#X42;", "!AB"],
    ["&#33 without a semicolon", "! without a semicolon"],
    ["&nbsp;|&copy;|&yuml;|&Agrave;", "\u00a0|\u00a9|\u00ff|\u00c0"],
    ["&para;&times;&ETH;&divide;&thorn;", "\u00b6\u00d7\u00d0\u00f7\u00fe"],
    ["&rsquo;&hellip;&mdash;", "\u2019\u2026\u2014"],
    ["?a=1&param=2", "?a=1\u00b6m=2"],
    ["?a=1&amp;param=2", "?a=1&param=2"],
    ["?x=1&copy2=3", "?x=1\u00a92=3"],
    ["?lang=en&not=1", "?lang=en\u00ac=1"],
    ["&AMP &COPY &REG", "& \u00a9 \u00ae"],
    ["&ampx;", "&x;"],
    ["&Amp; &bogus; &b=2 & alone", "&Amp; &bogus; &b=2 & alone"],
    ["&#0; &#x110000; &#xD800;", "\ufffd \ufffd \ufffd"],
  ])("%j → %j", (input, expected) => {
    expect(decodeHtmlEntities(input)).toBe(expected);
  });
});
