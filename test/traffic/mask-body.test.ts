import { describe, expect, test } from "vitest";
import { maskBody } from "../../src/traffic/mask-body.js";

const FORM = "application/x-www-form-urlencoded";

describe("maskBody", () => {
  test.each([
    [
      "JSON: credential-named strings at any depth",
      '{"a":{"pwd":"x1"},"jwt":"x2"}',
      undefined,
      '{"a":{"pwd":"[redacted]"},"jwt":"[redacted]"}',
    ],
    [
      "JSON: an error's code, a number, a list kept",
      '{"code":"not_found","password":42}',
      undefined,
      '{"code":"not_found","password":42}',
    ],
    [
      "JSON: a known-shape token under any name",
      '{"note":"ghp_Wq3xY7zK1mN5pR9sT2uV6wX0yZ4aB8cD1eF3"}',
      undefined,
      '{"note":"[redacted]"}',
    ],
    [
      "form: the OAuth names, the rest as written",
      "grant_type=authorization_code&code=c%2B1&client_secret=s",
      FORM,
      "grant_type=authorization_code&code=[redacted]&client_secret=[redacted]",
    ],
    [
      "form: a name percent-encoded still read",
      "pass%77ord=x&q=a+b",
      FORM,
      "password=[redacted]&q=a+b".replace("password", "pass%77ord"),
    ],
    ["form: declared, though its text starts like JSON", "{x}=1&token=t", FORM, "{x}=1&token=[redacted]"],
    ["text: a form line", "access_token=t1&scope=repo", "text/plain", "access_token=[redacted]&scope=repo"],
    ["text: env-style lines", "SESSION=s1\nREGION=eu\n", undefined, "SESSION=[redacted]\nREGION=eu\n"],
    ["text: a bare token", "Bt7f3a9c2e1d4b6a8c0e2f4a6b8d0\n", "text/plain", "[redacted]"],
    [
      "text: a sentence kept",
      "code=7 is not a secret here, pwd=x is",
      "text/plain",
      "code=7 is not a secret here, pwd=x is",
    ],
    [
      "text: a word, a number, a path kept",
      "/api/v1/events/1234567890abcdefghij",
      "text/plain",
      "/api/v1/events/1234567890abcdefghij",
    ],
    [
      "text: a JWT anywhere",
      "id eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl ok",
      "text/plain",
      "id [redacted] ok",
    ],
    ["empty", "", undefined, ""],
  ])("%s", (_, body, contentType, expected) => {
    expect(maskBody(body, { contentType })).toBe(expected);
  });

  test("what was masked is heard, and known copies are masked in every string", () => {
    const heard: string[] = [];
    const masked = maskBody('{"session":"s-123456789","echo":"was s-123456789"}', {
      onSecret: (value) => heard.push(value),
      maskKnown: (text) => text.replaceAll("s-123456789", "[redacted]"),
    });
    expect([masked, heard]).toEqual(['{"session":"[redacted]","echo":"was [redacted]"}', ["s-123456789"]]);
  });

  test("JSON with nothing to mask is kept as written, spacing included", () => {
    const body = '{ "id": "1",\n  "name": "Rex" }';
    expect(maskBody(body)).toBe(body);
  });
});
