import { expect, test } from "vitest";
import { maskUrlCredentials } from "../../src/secrets/url-credentials.js";

test.each([
  ["http://admin:s3cret@n8n.local:5678/api/v1: 401", "http://***@n8n.local:5678/api/v1: 401"],
  ["https://token@flowise.example.com", "https://***@flowise.example.com"],
  [
    "--n8n http://a:b@127.0.0.1:1, --flowise HTTP://c:d@x",
    "--n8n http://***@127.0.0.1:1, --flowise HTTP://***@x",
  ],
  ["a path with an at: http://host/users/@me", "a path with an at: http://host/users/@me"],
  ["mail me: someone@example.com", "mail me: someone@example.com"],
  ["http://host:5678/api/v1/workflows?x=a@b", "http://host:5678/api/v1/workflows?x=a@b"],
])("%s", (text, masked) => {
  expect(maskUrlCredentials(text)).toBe(masked);
});

test.each([
  ["schemes without credentials", `${"http://".repeat(20_000)}${"a".repeat(100_000)}`],
  ["words that could each start a scheme", "a-".repeat(100_000)],
  ["userinfo runs without @", `${"x://ab:cd".repeat(20_000)}`],
])("one pass over a hostile line: %s", (_label, line) => {
  expect(maskUrlCredentials(line)).toBe(line);
});
