import { expect, test } from "vitest";
import { addToGroup, groupBy } from "../../src/json/group-by.js";

test("groups in the order first met, leaving out items without a key", () => {
  const items = [
    { file: "b.yaml", tool: "x" },
    { file: "a.yaml", tool: "y" },
    { file: "b.yaml", tool: "z" },
    { tool: "stdin" },
  ];
  const groups = groupBy(items, (item) => item.file);
  expect([...groups.keys()]).toEqual(["b.yaml", "a.yaml"]);
  expect(groups.get("b.yaml")?.map((item) => item.tool)).toEqual(["x", "z"]);
  expect(groups.has("undefined")).toBe(false);
});

test("addToGroup grows a key's group in place, in order, with keys of any type", () => {
  const groups = new Map<number, string[]>();
  addToGroup(groups, 200, "a");
  const first = groups.get(200);
  addToGroup(groups, 404, "b");
  addToGroup(groups, 200, "c");
  expect([...groups]).toEqual([
    [200, ["a", "c"]],
    [404, ["b"]],
  ]);
  // The same array: a group is never copied to add to it.
  expect(groups.get(200)).toBe(first);
});
