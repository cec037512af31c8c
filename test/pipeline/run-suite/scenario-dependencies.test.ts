import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { packagePath } from "../../../src/package/package-root.js";
import {
  scenarioDependencies,
  touchedScenarioFiles,
} from "../../../src/pipeline/run-suite/scenario-dependencies.js";

const dependencies = [
  { file: "a.yaml", reads: ["/p/a.yaml", "/p/tools", "/p/cassettes/a.standard.cassette.json"] },
  { file: "b.yaml", reads: ["/p/b.yaml", "/p/tools/b-tool.yaml", "/p/cassettes/b.standard.cassette.json"] },
  { file: "c.yaml", reads: ["/p/c.yaml", "/p/other-tools"] },
];

describe("touchedScenarioFiles", () => {
  test.each([
    [["/p/a.yaml"], ["a.yaml"]],
    [["/p/cassettes/b.standard.cassette.json"], ["b.yaml"]],
    [["/p/tools/b-tool.yaml"], ["a.yaml", "b.yaml"]],
    [["/p/tools/x.yaml"], ["a.yaml"]],
    [
      ["/p/other-tools/y.yaml", "/p/a.yaml"],
      ["a.yaml", "c.yaml"],
    ],
    [["/p/tools-old/x.yaml"], undefined],
    [["/p/event-api.openapi.yaml"], undefined],
  ])("%j touches %j", (changed, files) => {
    expect(touchedScenarioFiles(changed, dependencies)).toEqual(files);
  });
});

describe("scenarioDependencies", () => {
  test("a scenario file reads itself, its tools and its cassettes; one that cannot be loaded, itself", () => {
    const file = packagePath("scenarios", "update-event-fixed.yaml");
    const [found, missing] = scenarioDependencies([file, "nowhere.yaml"], [packagePath()]);
    expect(found?.reads).toEqual([
      file,
      packagePath("tools"),
      packagePath("fixtures", "configs", "fixed-update-event.yaml"),
      join(packagePath("scenarios", "cassettes"), "update-event-fixed.standard.cassette.json"),
    ]);
    expect(missing?.reads).toEqual([join(process.cwd(), "nowhere.yaml")]);
  });
});
