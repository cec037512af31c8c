import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeEach, describe, expect, test, vi } from "vitest";
import { packagePath } from "../../src/package/package-root.js";

/**
 * A run loads the platforms whose files it reads and no others (issue 44): each test starts from a fresh
 * module graph (the suite's setup loads every platform, as the library's entries do) and asks the
 * registry what it loaded.
 */
let registry: typeof import("../../src/platforms/registry.js");
let sources: typeof import("../../src/pipeline/load-tool-sources.js");
let project: typeof import("../../src/pipeline/check-project.js");

beforeEach(async () => {
  vi.resetModules();
  registry = await import("../../src/platforms/registry.js");
  sources = await import("../../src/pipeline/load-tool-sources.js");
  project = await import("../../src/pipeline/check-project.js");
});

/** A folder holding one file, `name`, with `text`. */
function folderWith(name: string, text: string): string {
  const folder = mkdtempSync(join(tmpdir(), "tooldeck-lazy-"));
  writeFileSync(join(folder, name), text);
  return folder;
}

const REQUEST_TOOL = "kind: request\nname: get_events\nmethod: GET\nurl: http://127.0.0.1:5566/events\n";

describe("a run loads the platforms whose files it reads, no others", () => {
  test("the fresh registry has loaded nothing", () => {
    expect(registry.loadedPlatformNames()).toEqual([]);
  });

  test("loading and linting a folder of tooldeck YAML loads neither n8n nor Flowise", async () => {
    const folder = folderWith("tools.yaml", REQUEST_TOOL);
    const loaded = await sources.loadToolSources({ paths: [folder], roots: [folder] });
    expect(loaded.tools.map((tool) => tool.config.name)).toEqual(["get_events"]);
    const { report } = await project.checkProject({ paths: [folder], roots: [folder], target: false });
    expect(report.tools.map((tool) => tool.name)).toEqual(["get_events"]);
    expect(registry.loadedPlatformNames()).toEqual([]);
  });

  test.each([
    ["an n8n workflow", "fixtures/n8n/event-assistant.json", ["n8n"]],
    ["a Flowise chatflow", "fixtures/flowise/requests-chatflow.json", ["flowise"]],
    ["a Dify app (kind: app)", "fixtures/dify/update-event.dsl.yml", ["dify"]],
  ])("%s loads its platform, and only it", async (_label, file, names) => {
    const loaded = await sources.loadToolSources({ paths: [packagePath(file)], roots: [packagePath()] });
    expect(loaded.errors).toEqual([]);
    expect(loaded.tools.length).toBeGreaterThan(0);
    expect(registry.loadedPlatformNames()).toEqual(names);
  });

  test("a platform's kind in tooldeck YAML loads that platform", async () => {
    const folder = folderWith(
      "n8n.yaml",
      'kind: n8n-http-tool\nname: Get Item\ntype: n8n-nodes-base.httpRequestTool\ntypeVersion: 4.2\nparameters: { url: "http://127.0.0.1:5566/items" }\nagent: { type: "@n8n/n8n-nodes-langchain.agent", typeVersion: 3.1 }\n',
    );
    const loaded = await sources.loadToolSources({ paths: [folder], roots: [folder] });
    expect(loaded.errors).toEqual([]);
    expect(registry.loadedPlatformNames()).toEqual(["n8n"]);
  });

  test("a profile and --portability load what they judge with", async () => {
    const folder = folderWith("tools.yaml", REQUEST_TOOL);
    await project.checkProject({ paths: [folder], roots: [folder], target: false, profile: "n8n" });
    expect(registry.loadedPlatformNames()).toEqual(["n8n"]);
    await project.checkProject({ paths: [folder], roots: [folder], target: false, portability: true });
    expect(registry.loadedPlatformNames()).toEqual(["n8n", "flowise", "dify"]);
  });

  test("settings naming a platform's rule load that platform (what they lower is reported)", async () => {
    const { prepareRunPlatforms } = await import("../../src/pipeline/prepare-run-platforms.js");
    await prepareRunPlatforms([], {
      profile: "standard",
      ruleIds: ["operation-not-found", "flowise-private-host"],
    });
    expect(registry.loadedPlatformNames()).toEqual(["flowise"]);
  });

  test("the default ruleset holds a platform's rules once it is loaded", async () => {
    const { DEFAULT_RULES } = await import("../../src/lint/rules/index.js");
    const { RULE_CATALOG, RULE_IDS } = await import("../../src/lint/rule-catalog.js");
    expect(DEFAULT_RULES.some((rule) => rule.id.startsWith("n8n-"))).toBe(false);
    // Settings may name its rules before: the entry lists them.
    expect(RULE_IDS).toContain("n8n-json-untyped");
    await registry.preparePlatforms(["n8n"]);
    expect(DEFAULT_RULES.some((rule) => rule.id === "n8n-json-untyped")).toBe(true);
    expect(RULE_CATALOG.some((rule) => rule.id === "n8n-json-untyped")).toBe(true);
  });

  test("reaching a platform that was not loaded is said as tooldeck's own mistake", () => {
    expect(() => registry.platformOf("flowise")).toThrow(
      'the Flowise platform was used before it was loaded (await preparePlatforms(["flowise"]) first)',
    );
  });
});
