import { expect, test } from "vitest";
import { deduplicateNames } from "../../src/runtime/tool-name.js";

test("the second and later of a name take the next free suffix, in order", () => {
  expect(deduplicateNames(["get", "list", "get", "get", "list"])).toEqual([
    "get",
    "list",
    "get_2",
    "get_3",
    "list_2",
  ]);
});

test("a suffix another tool already has is skipped, wherever that tool comes", () => {
  expect(deduplicateNames(["get", "get_2", "get", "get", "get_4", "get"])).toEqual([
    "get",
    "get_2",
    "get_3",
    "get_4",
    "get_4_2",
    "get_5",
  ]);
});

test("a long name is cut so that name and suffix keep within 64 characters", () => {
  const long = "a".repeat(64);
  expect(deduplicateNames([long, long])).toEqual([long, `${"a".repeat(62)}_2`]);
});

test("thousands of one name are numbered through", () => {
  const names = deduplicateNames(Array.from({ length: 5000 }, () => "get"));
  expect(new Set(names).size).toBe(5000);
  expect(names.at(-1)).toBe("get_5000");
});
