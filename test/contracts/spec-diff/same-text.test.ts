import { describe, expect, test } from "vitest";
import { sameText } from "../../../src/contracts/spec-diff/same-text.js";

describe("sameText: whether the model reads the same words", () => {
  test.each([
    [
      "a versioned docs link",
      "See [docs](https://docs.github.com/enterprise-server@3.17/rest).",
      "See [docs](https://docs.github.com/enterprise-server@3.18/rest).",
      true,
    ],
    ["whitespace and line breaks", "Lists the\n  events.", "Lists the events.", true],
    ["missing and empty", undefined, "", true],
    ["a changed word", "Lists the events.", "Lists the archived events.", false],
    ["a link's words", "See [docs](https://x.test/a).", "See [the guide](https://x.test/a).", false],
  ])("%s", (_case, a, b, same) => {
    expect(sameText(a, b)).toBe(same);
  });
});
