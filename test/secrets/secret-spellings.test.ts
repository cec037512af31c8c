import { describe, expect, test } from "vitest";
import { secretSpellings } from "../../src/secrets/secret-spellings.js";

const AWS = "wJalrXUt/K7MDENG+bPxRfi=CYEX";

describe("secretSpellings", () => {
  const texts = (value: string) => secretSpellings(value).map((spelling) => spelling.text);

  test.each([
    ["as written", AWS],
    ["as a form parser reads a written query (`+` a space)", "wJalrXUt/K7MDENG bPxRfi=CYEX"],
    ["percent-encoded", "wJalrXUt%2FK7MDENG%2BbPxRfi%3DCYEX"],
    ["re-encoded after a form parse (URL.searchParams)", "wJalrXUt%2FK7MDENG+bPxRfi%3DCYEX"],
    ["percent-encoded, then escaped in a GitHub annotation", "wJalrXUt%252FK7MDENG%252BbPxRfi%253DCYEX"],
    ["re-encoded, then escaped in a GitHub annotation", "wJalrXUt%252FK7MDENG+bPxRfi%253DCYEX"],
  ])("an AWS secret key %s", (_how, spelled) => {
    expect(texts(AWS)).toContain(spelled);
  });

  const ODD = 'p@ss w/"rd"&<x>:,\n';
  test.each([
    ["form-encoded", "p%40ss+w%2F%22rd%22%26%3Cx%3E%3A%2C%0A"],
    ["in JSON", 'p@ss w/\\"rd\\"&<x>:,\\n'],
    ["in JSON inside JSON", 'p@ss w/\\\\\\"rd\\\\\\"&<x>:,\\\\n'],
    ["in XML", "p@ss w/&quot;rd&quot;&amp;&lt;x&gt;:,&#xa;"],
    ["in XML, JSON-escaped first", "p@ss w/\\&quot;rd\\&quot;&amp;&lt;x&gt;:,\\n"],
    ["in a GitHub annotation's message", 'p@ss w/"rd"&<x>:,%0A'],
    ["in a GitHub annotation's property", 'p@ss w/"rd"&<x>%3A%2C%0A'],
    ["as WHATWG URL writes it into a query", "p@ss%20w/%22rd%22&%3Cx%3E:,"],
  ])("a value with markup, quotes and a newline %s", (_how, spelled) => {
    expect(texts(ODD)).toContain(spelled);
  });

  test.each([
    ["spaced out", "w J a l r X U t / K 7 M D E N G + b P x R f i = C Y E X"],
    ["reversed", "XEYC=ifRxPb+GNEDM7K/tUXrlaJw"],
    ["in base64", Buffer.from(AWS).toString("base64")],
    ["in base64 without its padding", Buffer.from(AWS).toString("base64").replace(/=+$/, "")],
    ["in URL-safe base64", Buffer.from(AWS).toString("base64url")],
    ["in hex", Buffer.from(AWS).toString("hex")],
    ["in upper-case hex", Buffer.from(AWS).toString("hex").toUpperCase()],
  ])("an AWS secret key disguised: %s, hidden when cut from 8 characters on", (_how, spelled) => {
    expect(secretSpellings(AWS)).toContainEqual({ text: spelled, minPrefix: 8 });
  });

  test("a disguise no list holds is not known (docs/security.md says so)", () => {
    expect(texts("STANDIN")).not.toContain("S-T-A-N-D-I-N");
  });

  test("each spelling once, none shorter than 4 characters", () => {
    const all = texts(AWS);
    expect(new Set(all).size).toBe(all.length);
    expect(texts("abcd").every((text) => text.length >= 4)).toBe(true);
  });

  test("a cut copy is hidden from 4 characters on, past the scheme for a URL", () => {
    expect(secretSpellings(AWS)[0]).toEqual({ text: AWS, minPrefix: 4 });
    const hook = "https://hooks.slack.test/services/T0/B0/XXXX";
    expect(secretSpellings(hook)[0]).toEqual({ text: hook, minPrefix: "https://hook".length });
    const encoded = secretSpellings(hook).find((spelling) => spelling.text.startsWith("https%3A%2F%2F"));
    expect(encoded?.minPrefix).toBe("https%3A%2F%2Fhook".length);
  });

  test("a lone surrogate, which percent-encoding refuses, still has its other spellings", () => {
    expect(texts("ab\ud800cd")).toContain("ab\ud800cd");
  });
});
