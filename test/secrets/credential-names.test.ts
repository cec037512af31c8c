import { describe, expect, it } from "vitest";
import { isCredentialName, isCredentialParam } from "../../src/secrets/credential-names.js";

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
    "pwd",
    "pass",
    "userPass",
    "db_pwd",
    "jwt",
    "X-JWT-Assertion",
    "client_assertion",
    "session",
    "sessionId",
    "X-Session-Id",
    "X-Session-Token",
    "JSESSIONID",
    "PHPSESSID",
    "otp",
  ])("hides %s", (name) => {
    expect(isCredentialName(name)).toBe(true);
  });

  it.each([
    "Content-Type",
    "Accept",
    "id",
    "limit",
    "base_url",
    "path",
    "patch",
    "author",
    "passenger",
    "compass",
    "bypass_cache",
    "token_type",
    "token_type_hint",
    "subject_token_type",
    "expires_in",
    "refresh_token_expires_in",
    "code",
  ])("shows %s", (name) => {
    expect(isCredentialName(name)).toBe(false);
  });
});

describe("isCredentialParam", () => {
  it.each([
    "code",
    "Code",
    "code_verifier",
    "device_code",
    "pwd",
    "session",
    "client_secret",
    "access_token",
  ])("hides the query parameter or form field %s", (name) => {
    expect(isCredentialParam(name)).toBe(true);
  });

  it.each([
    "page",
    "q",
    "grant_type",
    "client_id",
    "redirect_uri",
    "state",
    "scope",
    "zip_code",
    "country_code",
  ])("shows the query parameter or form field %s", (name) => {
    expect(isCredentialParam(name)).toBe(false);
  });
});
