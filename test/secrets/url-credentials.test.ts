import { describe, expect, test } from "vitest";
import { maskUrlCredentials } from "../../src/secrets/url-credentials.js";

describe("maskUrlCredentials", () => {
  test.each([
    ["user and password", "https://admin:s3cret@n8n.internal/api", "https://***@n8n.internal/api"],
    [
      "a token as the user",
      "cloning https://ghp_x1y2@github.com/o/r.git",
      "cloning https://***@github.com/o/r.git",
    ],
    [
      "in an error line, quoted",
      "cannot reach 'http://u:p@127.0.0.1:1/' (ECONNREFUSED)",
      "cannot reach 'http://***@127.0.0.1:1/' (ECONNREFUSED)",
    ],
    ["no path", "→ http://u:p@h.test", "→ http://***@h.test"],
    ["two URLs in a line", "a http://u:1@x/ b https://v:2@y/", "a http://***@x/ b https://***@y/"],
    ["a password with an encoded @", "https://u:p%40ss@h/", "https://***@h/"],
  ])("masks %s", (_, text, expected) => {
    expect(maskUrlCredentials(text)).toBe(expected);
  });

  test.each([
    ["no user-info", "https://h.test/x?mail=a@b.test"],
    ["an @ in the path", "https://h.test/users/@ann"],
    ["an email address", "write to ann@example.test"],
    ["placeholders only", "https://{{$vars.user}}:{{$vars.pw}}@h.test/x"],
    ["no scheme", "://u:p@h"],
  ])("keeps %s", (_, text) => {
    expect(maskUrlCredentials(text)).toBe(text);
  });

  test("a long line without a URL is read once (no quadratic scan)", () => {
    const line = `${"a://".repeat(200_000)}@`;
    expect(maskUrlCredentials(line)).toBe(line);
  });
});
