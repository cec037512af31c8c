import { describe, expect, it } from "vitest";
import { isCredentialName } from "../../src/secrets/credential-names.js";

describe("isCredentialName", () => {
  it.each([
    "Authorization",
    "Proxy-Authorization",
    "Cookie",
    "Set-Cookie",
    "X-Api-Key",
    "X-Goog-Api-Key",
    "apikey",
    "api_key",
    "key",
    "Private-Token",
    "X-Auth-Token",
    "access_token",
    "client_secret",
    "password",
    "gitlab_pat",
    "github-pat",
    "auth",
    "X-Amz-Signature",
    "sig",
  ])("hides %s", (name) => {
    expect(isCredentialName(name)).toBe(true);
  });

  it.each(["Content-Type", "Accept", "id", "limit", "base_url", "path", "patch", "author"])(
    "shows %s",
    (name) => {
      expect(isCredentialName(name)).toBe(false);
    },
  );
});
