import { describe, expect, test } from "vitest";
import { createSecretMasker } from "../../src/secrets/secret-masker.js";

const AWS = "wJalrXUt/K7MDENG+bPxRfi=CYEX";
const mask = createSecretMasker([{ value: AWS, replacement: "***" }]);

describe("createSecretMasker", () => {
  test.each([
    ["as written in a URL", `GET /s?q=${AWS}&n=1`, "GET /s?q=***&n=1"],
    ["percent-encoded", "q=wJalrXUt%2FK7MDENG%2BbPxRfi%3DCYEX", "q=***"],
    ["re-encoded after a form parse", "q=wJalrXUt%2FK7MDENG+bPxRfi%3DCYEX", "q=***"],
    ["as a server read it (`+` a space)", '"q":"wJalrXUt/K7MDENG bPxRfi=CYEX"', '"q":"***"'],
    [
      "escaped in a GitHub annotation",
      "::error::q=wJalrXUt%252FK7MDENG%252BbPxRfi%253DCYEX",
      "::error::q=***",
    ],
  ])("hides the value %s", (_how, text, masked) => {
    expect(mask(text)).toBe(masked);
  });

  test.each([
    ["at the end of a cut output", '{"url":"/s?q=wJalrXUt/K7', '{"url":"/s?q=***'],
    [
      "before the truncation marker",
      "q=wJalrXUt/K7MDEN\n…[truncated: 30 of 90 characters shown]",
      "q=***\n…[truncated: 30 of 90 characters shown]",
    ],
    ["before a JSON string's end", '"output":"q=wJalrXUt%2FK7"', '"output":"q=***"'],
    ["cut inside an escape", "q=wJalrXUt%2", "q=***"],
    ["in GitHub's escaping of a cut line", "q=wJalrXUt%252FK7MD%0A", "q=***%0A"],
    ["4 characters", "q=wJal.", "q=***."],
  ])("hides a cut copy %s", (_how, text, masked) => {
    expect(mask(text)).toBe(masked);
  });

  test.each([
    ["3 characters", "q=wJa."],
    ["a word that only starts alike", "wJalrXUtZebra"],
    ["text without it", "nothing to see"],
  ])("leaves %s alone", (_how, text) => {
    expect(mask(text)).toBe(text);
  });

  test("a URL's scheme alone is no cut copy of a secret URL", () => {
    const hook = "https://hooks.slack.test/services/T0/B0/XXXX";
    const masked = createSecretMasker([{ value: hook, replacement: "***" }]);
    expect(masked(`see https://example.test and http://x, then ${hook}`)).toBe(
      "see https://example.test and http://x, then ***",
    );
    expect(masked('"https://hooks.slack.test/servi"')).toBe('"***"');
  });

  test("the longest secret wins where two start alike; each has its own replacement", () => {
    const masked = createSecretMasker([
      { value: "token", replacement: "{{$vars.short}}" },
      { value: "token-1234", replacement: "{{$vars.long}}" },
    ]);
    expect(masked("token-1234 token")).toBe("{{$vars.long}} {{$vars.short}}");
  });

  test("no secret: the text itself", () => {
    const text = "unchanged";
    expect(createSecretMasker([])(text)).toBe(text);
  });
});
