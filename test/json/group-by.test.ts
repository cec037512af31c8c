import { expect, test } from "vitest";
import { groupBy } from "../../src/json/group-by.js";

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
