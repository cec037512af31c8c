import { existsSync, mkdtempSync, readFileSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { type Cassette, writeCassette } from "../../src/replay/cassette.js";

const CASSETTE: Cassette = {
  version: 1,
  scenario: "s",
  profile: "standard",
  messages: ["hi"],
  calls: [],
  answer: "hello",
  stateDigest: "x",
};

describe("writeCassette", () => {
  test("writes indented JSON, creating the folder", () => {
    const path = join(mkdtempSync(join(tmpdir(), "tooldeck-cassette-")), "tapes", "s.json");
    writeCassette(path, CASSETTE);
    expect(JSON.parse(readFileSync(path, "utf8"))).toEqual(CASSETTE);
  });

  test("never writes through a symlink in the cassette's place", () => {
    const dir = mkdtempSync(join(tmpdir(), "tooldeck-cassette-"));
    symlinkSync(join(dir, "planted.json"), join(dir, "s.json"));
    expect(() => writeCassette(join(dir, "s.json"), CASSETTE)).toThrow(/ELOOP/);
    expect(existsSync(join(dir, "planted.json"))).toBe(false);
  });
});
