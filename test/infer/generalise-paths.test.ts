import { describe, expect, test } from "vitest";
import { generalisePaths } from "../../src/infer/generalise-paths.js";
import { isValueSegment } from "../../src/infer/segment-kind.js";

const templatesOf = (paths: readonly (string | [string, string[]])[]) => {
  const samples = paths.map((entry) =>
    typeof entry === "string" ? { path: entry, answerKeys: [] } : { path: entry[0], answerKeys: entry[1] },
  );
  const templated = generalisePaths(samples);
  return [...new Set(samples.map((sample) => templated(sample.path).template))];
};

describe("isValueSegment", () => {
  test.each([
    ["42", true],
    ["-7", true],
    ["3fa85f64-5717-4562-b3fc-2c963f66afa6", true],
    ["5f2b8c9e1a4d3e6f7a8b9c0d", true],
    ["2024-07-01", true],
    ["1.2.3", true],
    ["alice@example.com", true],
    ["usr_8f3k2", true],
    ["ghp_aBcDeFgHiJkLmNoPqRsT12", true],
    ["events", false],
    ["hello-world", false],
    ["v1", false],
    ["v2beta1", false],
    ["oauth2", false],
    ["", false],
  ])("%s → %s", (segment, expected) => {
    expect(isValueSegment(segment)).toBe(expected);
  });
});

describe("generalisePaths", () => {
  test("numbers, uuids and digests in one place become one parameter, named after the name before it", () => {
    expect(
      templatesOf(["/events", "/events/1", "/events/2", "/events/3fa85f64-5717-4562-b3fc-2c963f66afa6"]),
    ).toEqual(["/events", "/events/{eventId}"]);
    const templated = generalisePaths([{ path: "/owners/7/pets/12", answerKeys: [] }]);
    expect(templated("/owners/7/pets/12")).toEqual({
      template: "/owners/{ownerId}/pets/{petId}",
      params: [
        ["ownerId", "7"],
        ["petId", "12"],
      ],
    });
  });

  test("words that lead to the same kind of answer are values (user names)", () => {
    const user = ["login", "id", "name"];
    expect(
      templatesOf([
        ["/users/alice", user],
        ["/users/bob", user],
        ["/users/carol", [...user, "bio"]],
      ]),
    ).toEqual(["/users/{userId}"]);
  });

  test("words that lead to the same sub-paths are values (owners and repositories)", () => {
    expect(
      templatesOf([
        "/repos/octocat/hello-world/issues",
        "/repos/octocat/hello-world/pulls",
        "/repos/torvalds/linux/issues",
        "/repos/torvalds/linux/pulls",
        "/repos/rust-lang/rust/issues",
        "/repos/nodejs/node/pulls",
      ]),
    ).toEqual(["/repos/{repoId}/{param2}/issues", "/repos/{repoId}/{param2}/pulls"]);
  });

  test("words that lead to different answers stay names, however many", () => {
    expect(
      templatesOf([
        ["/api/users", ["[]id", "[]name", "[]email"]],
        ["/api/orders", ["[]id", "[]total", "[]items"]],
        ["/api/products", ["[]sku", "[]price"]],
        ["/emojis", ["+1", "-1", "100"]],
        ["/meta", ["hooks", "web"]],
      ]),
    ).toEqual(["/api/users", "/api/orders", "/api/products", "/emojis", "/meta"]);
  });

  test("a name beside ids stays a name; a word alike to the ids joins them", () => {
    const gist = ["id", "files", "owner"];
    expect(
      templatesOf([
        ["/gists/public", ["[]id", "[]files"]],
        ["/gists/public", ["[]id", "[]files"]],
        ["/gists/public", ["[]id", "[]files"]],
        ["/gists/aa5a315d61ae9438b18d", gist],
        ["/gists/bb5a315d61ae9438b18d", gist],
        ["/gists/fancy-gist", gist],
      ]),
    ).toEqual(["/gists/public", "/gists/{gistId}"]);
  });

  test("a word after many different segments is a name, never a value", () => {
    expect(
      templatesOf(["/a1b2c3/comments", "/d4e5f6/comments", "/g7h8i9/comments", "/x/comments", "/y/comments"]),
    ).toContain("/{id}/comments");
  });

  test("words followed by ids are collections: alike answers do not merge their prefixes", () => {
    const created = (keys: string[]) => [...keys, "created_at"];
    const paths: [string, string[]][] = [];
    for (let i = 0; i < 300; i++) {
      paths.push([`/users/${i}`, created(["id", "name"])]);
      paths.push([`/files/${i}`, created(["id", "size"])]);
      paths.push([`/files/${i}/download`, []]);
      paths.push([`/commits/${(i + 0x1000_0000).toString(16)}`, created(["sha", "message"])]);
    }
    expect(templatesOf(paths)).toEqual([
      "/users/{userId}",
      "/files/{fileId}",
      "/files/{fileId}/download",
      "/commits/{commitId}",
    ]);
  });

  test("two words alike are values only when each is rare", () => {
    const pet = ["id", "name"];
    expect(
      templatesOf([
        ["/pets/rex", pet],
        ["/pets/tom", pet],
      ]),
    ).toEqual(["/pets/{petId}"]);
    const often = Array.from({ length: 3 }, () => ["/pets/mine", pet] as [string, string[]]);
    expect(templatesOf([...often, ...often.map(() => ["/pets/yours", pet] as [string, string[]])])).toEqual([
      "/pets/mine",
      "/pets/yours",
    ]);
  });
});
