import { describe, expect, test } from "vitest";
import { secretValues, withSecretsMasked } from "../../src/cli/masked-io.js";
import { captureIo } from "../support/capture-io.js";

describe("withSecretsMasked", () => {
  const secret = 'p@ss/w"rd +1';
  const masked = (text: string, vars: Record<string, string>) => {
    const captured = captureIo();
    withSecretsMasked(captured.io, secretValues(vars)).stdout(text);
    return captured.stdout();
  };

  test.each([
    ["as written", `> GET http://h/x ${secret}`],
    ["percent-encoded in a URL", `> GET http://h/x?q=${encodeURIComponent(secret)}`],
    ["escaped in JSON", JSON.stringify({ token: secret })],
  ])("hides a --var value %s", (_name, text) => {
    expect(masked(text, { token: secret })).toContain("***");
    expect(masked(text, { token: secret })).not.toMatch(/ss\/w|ss%2Fw/);
  });

  test("a bare base_url stays readable; one carrying a password does not", () => {
    expect(masked("http://api.example.test/x", { base_url: "http://api.example.test" })).toBe(
      "http://api.example.test/x",
    );
    expect(masked("https://ci:pw12@h.test/x", { base_url: "https://ci:pw12@h.test" })).toBe("***/x");
  });
});
