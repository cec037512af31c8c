import { describe, expect, test } from "vitest";
import { hasDotSegment } from "../../src/emulator/dot-segment.js";

describe("hasDotSegment: the raw targets URL parsing would resolve into another path", () => {
  test.each([
    "/gists/.",
    "/gists/..",
    "/gists/%2e",
    "/gists/%2E%2e",
    "/a/./b",
    "/a\\..\\b",
    "/gists/.?page=2",
  ])("%s has one", (target) => expect(hasDotSegment(target)).toBe(true));

  test.each(["/gists", "/gists/", "/files/a.b", "/.well-known/x", "/gists/...", "/a?q=/./", "/a#/../"])(
    "%s has none",
    (target) => expect(hasDotSegment(target)).toBe(false),
  );
});
