import { describe, expect, test } from "vitest";
import { type SecretMarks, secretValues, secretVars } from "../../src/secrets/secret-vars.js";
import { requestConfig } from "../support/request-config.js";

const AWS = "wJalrXUt/K7MDENG+bPxRfi=CYEX";
const sends = (headers: Record<string, string>, url = "http://h/x?q={{$vars.aws}}") =>
  requestConfig(url, headers);

describe("secretVars: one policy, both ways", () => {
  test.each<[string, Record<string, string>, SecretMarks, string[]]>([
    ["an ordinary word is no secret (the trust issue's region=Tech)", { region: "Tech" }, {}, []],
    ["a bare address is no secret", { base_url: "http://events.test" }, {}, []],
    [
      "a credential's name makes a secret",
      { api_key: "k-123", gitlab_pat: "glpat-1" },
      {},
      ["api_key", "gitlab_pat"],
    ],
    ["a value under 4 characters never is", { token: "abc" }, {}, []],
    ["marked by the user (--secret, secrets:)", { aws: AWS }, { marked: ["aws"] }, ["aws"]],
    [
      "used by a config in a credential header",
      { aws: AWS },
      { configs: [sends({ Authorization: "AWS {{$vars.aws}}" })] },
      ["aws"],
    ],
    [
      "used by a config in a credential query parameter",
      { aws: AWS },
      { configs: [sends({}, "http://h/x?sig={{$vars.aws}}")] },
      ["aws"],
    ],
    ["used by a config only in a plain query: printed", { aws: AWS }, { configs: [sends({})] }, []],
    ["an address with a password", { base_url: "https://ci:pw12@h.test" }, {}, ["base_url"]],
    ["an address with a credential query parameter", { hook: "https://h.test/?token=t123" }, {}, ["hook"]],
    ["an address with a plain query", { docs: "https://h.test/?page=2" }, {}, []],
  ])("%s", (_name, vars, marks, expected) => {
    expect(secretVars(vars, marks).map(([name]) => name)).toEqual(expected);
  });
});

describe("secretValues", () => {
  test("credential-named values of 4+ characters; ordinary words and addresses print as they are", () => {
    expect(
      secretValues({
        base_url: "http://x",
        region: "Tech",
        token: "abcd",
        short_token: "abc",
        api_key: "k-123",
      }),
    ).toEqual(["abcd", "k-123"]);
  });

  test("an address carrying a password or a credential query parameter is a secret", () => {
    expect(
      secretValues({
        base_url: "https://ci:pw12@h.test",
        flowise_url: "http://f.test/?key=k123",
        docs_url: "http://d.test/?page=2",
      }),
    ).toEqual(["https://ci:pw12@h.test", "http://f.test/?key=k123"]);
  });
});
