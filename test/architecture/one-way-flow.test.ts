import { describe, expect, test } from "vitest";
import { packagePath } from "../../src/package-root.js";
import { importCycles, importGraph } from "../support/import-graph.js";

/**
 * The house plan's one-way flow (DESIGN.md): runtime and lint never reach into the emulators, the
 * emulators never into the runtime (both share the fetch seam in src/net/), and no module imports
 * itself through others, type-only imports included.
 */
const graph = importGraph(packagePath("src"));

const crossing = (from: string, to: string) =>
  [...graph].flatMap(([file, targets]) =>
    file.startsWith(from)
      ? targets.filter((target) => target.startsWith(to)).map((target) => `${file} → ${target}`)
      : [],
  );

describe("the one-way flow of src/", () => {
  test("the graph is read (a test that finds no imports proves nothing)", () => {
    expect(graph.get("runtime/request/request-tool.ts")).toContain("runtime/profiles/tool-profile-of.ts");
  });

  test("src/runtime and src/lint import nothing from src/emulator", () => {
    expect([...crossing("runtime/", "emulator/"), ...crossing("lint/", "emulator/")]).toEqual([]);
  });

  test("src/emulator imports nothing from src/runtime", () => {
    expect(crossing("emulator/", "runtime/")).toEqual([]);
  });

  test("no import cycles", () => {
    expect(importCycles(graph)).toEqual([]);
  });

  test("a cycle is found when there is one", () => {
    const cyclic = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["a.ts"]],
    ]);
    expect(importCycles(cyclic)).toEqual([["a.ts", "b.ts", "a.ts"]]);
  });
});
