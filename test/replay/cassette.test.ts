import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { type Cassette, readCassette, writeCassette } from "../../src/replay/cassette.js";

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

  test("never writes through a symlink in the cassette's place: the link is replaced", () => {
    const dir = mkdtempSync(join(tmpdir(), "tooldeck-cassette-"));
    symlinkSync(join(dir, "planted.json"), join(dir, "s.json"));
    writeCassette(join(dir, "s.json"), CASSETTE);
    expect(existsSync(join(dir, "planted.json"))).toBe(false);
    expect(lstatSync(join(dir, "s.json")).isSymbolicLink()).toBe(false);
    expect(readCassette(join(dir, "s.json"))).toEqual(CASSETTE);
  });

  test("rewrites a cassette whole, leaving no temporary file", () => {
    const dir = mkdtempSync(join(tmpdir(), "tooldeck-cassette-"));
    writeCassette(join(dir, "s.json"), CASSETTE);
    writeCassette(join(dir, "s.json"), { ...CASSETTE, answer: "bye" });
    expect(readCassette(join(dir, "s.json")).answer).toBe("bye");
    expect(readdirSync(dir)).toEqual(["s.json"]);
  });
});
