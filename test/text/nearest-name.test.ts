import { describe, expect, test } from "vitest";
import { nearestName } from "../../src/text/nearest-name.js";

describe("nearestName", () => {
  test.each([
    ["chek", ["check", "lint"], "check"],
    ["--updat", ["--update", "--format"], "--update"],
    ["CHECK", ["check"], "check"],
    ["lnt", ["lint", "tools"], "lint"],
    ["frobnicate", ["check", "lint", "tools"], undefined],
    ["x", ["call"], undefined],
    ["", ["call"], undefined],
    ["serv", ["serve", "server"], "serve"],
  ])("%s among %j → %s", (name, known, nearest) => {
    expect(nearestName(name, known)).toBe(nearest);
  });
});
