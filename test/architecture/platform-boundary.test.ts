import { existsSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { ToolConfigSchema } from "../../src/config/tool-config.js";
import { DEFAULT_RULES } from "../../src/lint/rules/index.js";
import { packagePath } from "../../src/package/package-root.js";
import { PLATFORM_NAMES } from "../../src/platforms/platform-names.js";
import { PLATFORMS, platformOf } from "../../src/platforms/registry.js";
import { ProfileSchema } from "../../src/profile.js";
import { importGraph } from "../support/import-graph.js";

/**
 * One home per agent platform (issue 31): everything a platform means lives in src/platforms/<name>/,
 * and the core (every other folder) reaches it only through the registry's files. The package entries
 * (src/index.ts, src/entry/) are the library's surface, not the core: they re-export what README
 * documents of a platform (`loadFlowiseFlow`, `fetchFlowiseChatflows`).
 */
const REGISTRY = new Set([
  "platforms/registry.ts",
  "platforms/platform.ts",
  "platforms/platform-names.ts",
  "platforms/platform-tool-configs.ts",
]);
const isEntry = (file: string) => file === "index.ts" || file.startsWith("entry/");
const platformOfFile = (file: string) => /^platforms\/([^/]+)\//.exec(file)?.[1];

/** `a → b` for each import (static, type-only or `import()`) that crosses the boundary. */
function boundaryCrossings(graph: Map<string, string[]>): string[] {
  return [...graph].flatMap(([file, targets]) =>
    targets.flatMap((target) => {
      const home = platformOfFile(file);
      const into = platformOfFile(target);
      if (into === undefined || into === home) return [];
      // A platform's folder is reached by the registry, the package entries, and nothing else.
      if (home === undefined && (REGISTRY.has(file) || isEntry(file))) return [];
      return [`${file} → ${target}`];
    }),
  );
}

const reached = importGraph(packagePath("src"), { dynamic: true });

describe("the platform boundary", () => {
  test("the core imports no platform folder except through the registry; no platform imports another", () => {
    expect(boundaryCrossings(reached)).toEqual([]);
  });

  test("the registry does reach each platform (a scan that finds nothing proves nothing)", () => {
    expect(reached.get("platforms/registry.ts")).toContain("platforms/flowise/flowise-platform.ts");
    expect(reached.get("platforms/registry.ts")).toContain("platforms/n8n/n8n-platform.ts");
  });

  test("a core file or another platform importing a platform's folder is found", () => {
    const graph = new Map([
      ["lint/rules/x.ts", ["platforms/flowise/lint/private-host.ts"]],
      ["platforms/n8n/y.ts", ["platforms/flowise/runtime/flowise-profile.ts"]],
      ["platforms/flowise/z.ts", ["platforms/flowise/runtime/flowise-profile.ts", "config/tool-config.ts"]],
      ["runtime/profiles/tool-profile-of.ts", ["platforms/registry.ts"]],
      ["index.ts", ["platforms/flowise/config/load-flowise-flow.ts"]],
    ]);
    expect(boundaryCrossings(graph)).toEqual([
      "lint/rules/x.ts → platforms/flowise/lint/private-host.ts",
      "platforms/n8n/y.ts → platforms/flowise/runtime/flowise-profile.ts",
    ]);
  });
});

describe("the registry", () => {
  test("lists each platform name once, as a profile, with its own profile and docs page", () => {
    expect(PLATFORMS.map((platform) => platform.name)).toEqual([...PLATFORM_NAMES]);
    for (const platform of PLATFORMS) {
      expect(ProfileSchema.options).toContain(platform.name);
      expect(platform.profile.name).toBe(platform.name);
      expect(platformOf(platform.name)).toBe(platform);
      expect(existsSync(packagePath(platform.docs))).toBe(true);
    }
    expect(platformOf("standard")).toBeUndefined();
  });

  test("each platform's rules are in the default ruleset, and each tool kind it adds is a config kind", () => {
    const kinds = ToolConfigSchema.options.map((option) => option.shape.kind.value);
    for (const platform of PLATFORMS) {
      for (const rule of platform.rules) expect(DEFAULT_RULES).toContain(rule);
      for (const toolKind of platform.toolKinds) expect(kinds).toContain(toolKind.kind);
    }
  });
});
