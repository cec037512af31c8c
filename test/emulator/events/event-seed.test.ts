import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { loadEventSeed } from "../../../src/emulator/events/event.js";

function seedFile(content: string): string {
  const path = join(mkdtempSync(join(tmpdir(), "tooldeck-seed-")), "events.json");
  writeFileSync(path, content);
  return path;
}

describe("loadEventSeed", () => {
  test("the shipped seed holds the tutorial's five events, ids 1 to 5", () => {
    const seed = loadEventSeed();
    expect(seed.map((event) => event.id)).toEqual(["1", "2", "3", "4", "5"]);
    expect(seed[4]).toEqual({
      id: "5",
      name: "Food & Wine Tasting",
      date: "2024-09-12T19:00:00Z",
      location: "Napa Valley, CA",
    });
  });

  test.each([
    ["malformed JSON", "[{", /events\.json: invalid JSON \(/],
    [
      "a wrong type, with its JSON path",
      '[{"id":"1","name":"n","date":5,"location":"l"}]',
      /events\.json: \[0\]\.date: expected string, received number$/,
    ],
    ["not an array", '{"id":"1"}', /events\.json: expected array, received object$/],
  ])("%s is a load error naming the file", (_label, content, message) => {
    expect(() => loadEventSeed(seedFile(content))).toThrow(message);
  });

  test("a missing file is a load error naming the file", () => {
    expect(() => loadEventSeed("/nonexistent/events.json")).toThrow(
      "/nonexistent/events.json: cannot read file: no such file or folder (ENOENT)",
    );
  });
});
