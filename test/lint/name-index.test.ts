import { expect, test } from "vitest";
import { createNameIndex } from "../../src/lint/name-index.js";

const named = createNameIndex((item: { name?: string }) => item.name);

test("items by name, every one that has it; no name, no entry", () => {
  const first = { name: "get_events" };
  const twin = { name: "get_events" };
  const items = [first, { name: "create_event" }, twin, {}];
  expect(named(items, "get_events")).toEqual([first, twin]);
  expect(named(items, "delete_event")).toEqual([]);
  expect(named(items, "undefined")).toEqual([]);
});

test("each list has its own index", () => {
  expect(named([{ name: "a" }], "a")).toHaveLength(1);
  expect(named([{ name: "b" }], "a")).toHaveLength(0);
});
