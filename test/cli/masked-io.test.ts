import { describe, expect, test } from "vitest";
import { withSecretsMasked } from "../../src/cli/masked-io.js";
import { secretValues } from "../../src/secrets/secret-vars.js";
import { captureIo } from "../support/capture-io.js";

describe("withSecretsMasked", () => {
  const SECRET = 'p@ss w/"rd"&<x>';

  test.each([
    ["as is", SECRET],
    ["in a URL path", encodeURI(SECRET)],
    ["in a query", encodeURIComponent(SECRET)],
    ["in a form body", new URLSearchParams({ v: SECRET }).toString().slice(2)],
    ["in JSON", JSON.stringify(SECRET)],
    ["in JSON inside JSON", JSON.stringify(JSON.stringify(SECRET))],
    ["in XML", "p@ss w/&quot;rd&quot;&amp;&lt;x&gt;"],
    ["in a GitHub annotation, percent-encoded", "p%2540ss%2520w%252F%2522rd%2522%2526%253Cx%253E"],
    ["cut short by maxOutputLength", "p@ss w/…[truncated: 7 of 90 characters shown]"],
  ])("masks a value %s, on stdout and stderr", (_name, spelled) => {
    const captured = captureIo();
    const io = withSecretsMasked(captured.io);
    io.hideSecrets([SECRET]);
    io.stdout(`before ${spelled} after\n`);
    io.stderr(`error: ${spelled}\n`);
    expect(captured.stdout()).not.toContain("p@ss");
    expect(captured.stderr()).not.toContain("p@ss");
    expect(captured.stdout()).toMatch(/^before .*\*\*\*.* after\n$/);
  });

  test("prints as given until secrets are handed over, and masks the longest first", () => {
    const captured = captureIo();
    const io = withSecretsMasked(captured.io);
    io.stdout("token-1 ");
    io.hideSecrets(["token", "token-1234"]);
    io.stdout("token-1234 token");
    expect(captured.stdout()).toBe("token-1 *** ***");
  });

  test("a bare base_url stays readable; one carrying a password does not", () => {
    const masked = (text: string, vars: Record<string, string>) => {
      const captured = captureIo();
      const io = withSecretsMasked(captured.io);
      io.hideSecrets(secretValues(vars));
      io.stdout(text);
      return captured.stdout();
    };
    expect(masked("http://api.example.test/x", { base_url: "http://api.example.test" })).toBe(
      "http://api.example.test/x",
    );
    expect(masked("https://ci:pw12@h.test/x", { base_url: "https://ci:pw12@h.test" })).toBe("***/x");
  });
});
