import { copyFileSync, existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { loadScenarios } from "../../src/replay/load-scenarios.js";
import { runScenario } from "../../src/replay/run-scenario.js";
import { oasExample } from "../support/real-specs.js";

/** A project with the Petstore's description, its toolkit, a seed and one scenario for the user's API. */
function petstoreProject(scenario: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), "tooldeck-spec-scenario-"));
  mkdirSync(join(dir, ".git"));
  copyFileSync(oasExample("3.0/json/petstore.json"), join(dir, "petstore.json"));
  writeFileSync(
    join(dir, "toolkit.json"),
    JSON.stringify({ kind: "openapi-toolkit", name: "petstore", spec: "./petstore.json" }),
  );
  writeFileSync(join(dir, "seed.json"), JSON.stringify({ "/pet": [{ id: 7, name: "Rex", photoUrls: [] }] }));
  writeFileSync(join(dir, "scenario.json"), JSON.stringify(scenario));
  return dir;
}

const RENAME = {
  tools: ["toolkit.json"],
  emulator: { spec: "petstore.json", seed: "seed.json" },
  messages: "rename Rex to Max",
  model: {
    scripted: [
      { calls: [{ tool: "getPetById", args: { PathParameters: { petId: 7 } } }] },
      { calls: [{ tool: "updatePet", args: { RequestBody: { id: 7, name: "Max", photoUrls: [] } } }] },
      { answer: "Rex is now Max." },
    ],
  },
  expect: {
    calls: [
      { tool: "getPetById", status: 200 },
      { tool: "updatePet", status: 200 },
    ],
    state: { "/pet": { contains: [{ id: 7, name: "Max" }], lacks: [{ name: "Rex" }], count: 1 } },
  },
};

describe("a scenario for the user's own API, against its spec emulator", () => {
  test("records offline, with the state expectations reading the spec emulator's collections, then replays", async () => {
    const dir = petstoreProject(RENAME);
    const [scenario] = loadScenarios("scenario.json", { cwd: dir, roots: [dir] });
    if (!scenario) throw new Error("no scenario");
    const recorded = await runScenario(scenario, { roots: [dir] });
    expect(recorded.failures).toEqual([]);
    expect(recorded).toMatchObject({ mode: "recorded", passed: true });
    expect(existsSync(scenario.cassette as string)).toBe(true);
    const replayed = await runScenario(scenario, { roots: [dir] });
    expect(replayed).toMatchObject({ mode: "replayed", passed: true, diff: [] });
  });

  test("a state expectation that does not hold fails the scenario", async () => {
    const dir = petstoreProject({
      ...RENAME,
      expect: { state: { "/pet": { contains: [{ name: "Rex" }] } } },
    });
    const [scenario] = loadScenarios("scenario.json", { cwd: dir, roots: [dir] });
    const result = await runScenario(scenario as never, { roots: [dir], record: false });
    expect(result.passed).toBe(false);
    expect(result.failures.join("\n")).toContain("/pet");
  });

  test("an emulator spec outside the project is refused at load, as tools are", () => {
    const dir = petstoreProject({ ...RENAME, emulator: { spec: "../../../etc/passwd" } });
    expect(() => loadScenarios("scenario.json", { cwd: dir, roots: [dir] })).toThrow(
      /scenario\.json: emulator\.spec "(\.\.\/)+etc\/passwd" is outside the project/,
    );
  });
});
