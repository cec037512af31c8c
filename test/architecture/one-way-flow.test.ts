import { describe, expect, test } from "vitest";
import { packagePath } from "../../src/package/package-root.js";
import { importCycles, importGraph } from "../support/import-graph.js";

/**
 * The house plan's one-way flow (DESIGN.md): runtime and lint never reach into the emulators, not even
 * through `import()`, the emulators never into the runtime (both share the fetch seam in src/net/);
 * src/pipeline puts the parts together (check = load + lint + probes against the emulators + fixes)
 * for the CLI and the library's entry only; and no module imports itself through others, type-only
 * imports included.
 */
const graph = importGraph(packagePath("src"));
const reached = importGraph(packagePath("src"), { dynamic: true });

const crossing = (from: string, to: string) =>
  [...reached].flatMap(([file, targets]) =>
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

  test("src/pipeline is reached from the CLI and the package entries only, and reaches no CLI", () => {
    const callers = [...reached]
      .filter(([, targets]) => targets.some((target) => target.startsWith("pipeline/")))
      .map(([file]) => file.split("/")[0]);
    expect([...new Set(callers)].sort()).toEqual(["cli", "index.ts", "pipeline"]);
    expect(crossing("pipeline/", "cli/")).toEqual([]);
  });

  test("import() is read too (the pipeline loads the emulators only to probe)", () => {
    expect(reached.get("pipeline/check-project.ts")).toContain("pipeline/probe-target.ts");
    expect(graph.get("pipeline/check-project.ts")).not.toContain("pipeline/probe-target.ts");
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
