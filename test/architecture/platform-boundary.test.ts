import { existsSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { listConfigFiles } from "../../src/config/list-config-files.js";
import { readConfigFile } from "../../src/config/read-config-file.js";
import { ToolConfigSchema } from "../../src/config/tool-config.js";
import { isPlainObject } from "../../src/json/json-value.js";
import { DEFAULT_RULES } from "../../src/lint/rules/index.js";
import { packagePath } from "../../src/package/package-root.js";
import { PLATFORM_NAMES } from "../../src/platforms/platform-names.js";
import { loadedPlatforms, PLATFORM_ENTRIES, platformOf } from "../../src/platforms/registry.js";
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
  "platforms/all-platforms.ts",
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
    expect(reached.get("platforms/registry.ts")).toContain("platforms/flowise/flowise-entry.ts");
    expect(reached.get("platforms/registry.ts")).toContain("platforms/n8n/n8n-entry.ts");
    // An entry reaches its platform's module only through import(): loaded when a run needs it.
    expect(reached.get("platforms/flowise/flowise-entry.ts")).toContain(
      "platforms/flowise/flowise-platform.ts",
    );
    expect(reached.get("platforms/n8n/n8n-entry.ts")).toContain("platforms/n8n/n8n-platform.ts");
    const statically = importGraph(packagePath("src"), { runtimeOnly: true });
    for (const entry of ["platforms/flowise/flowise-entry.ts", "platforms/n8n/n8n-entry.ts"])
      expect(statically.get(entry)?.filter((file) => file.endsWith("-platform.ts"))).toEqual([]);
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
    expect(PLATFORM_ENTRIES.map((entry) => entry.name)).toEqual([...PLATFORM_NAMES]);
    expect(loadedPlatforms().map((platform) => platform.name)).toEqual([...PLATFORM_NAMES]);
    for (const platform of loadedPlatforms()) {
      expect(ProfileSchema.options).toContain(platform.name);
      expect(platform.profile.name).toBe(platform.name);
      expect(platformOf(platform.name)).toBe(platform);
      expect(existsSync(packagePath(platform.docs))).toBe(true);
    }
    expect(platformOf("standard")).toBeUndefined();
  });

  test("each platform's rules are in the default ruleset, and each tool kind it adds is a config kind", () => {
    const kinds = ToolConfigSchema.options.map((option) => option.shape.kind.value);
    for (const platform of loadedPlatforms()) {
      for (const rule of platform.rules) expect(DEFAULT_RULES).toContain(rule);
      for (const toolKind of platform.toolKinds) expect(kinds).toContain(toolKind.kind);
    }
  });

  test("each entry says what its platform says: names, shapes, docs, kinds, rules, remote flags", () => {
    for (const entry of PLATFORM_ENTRIES) {
      const platform = platformOf(entry.name);
      expect({ ...entry, detects: undefined, load: undefined }).toEqual({
        name: platform?.name,
        label: platform?.label,
        shapes: platform?.shapes,
        docs: platform?.docs,
        toolKinds: platform?.toolKinds.map((toolKind) => toolKind.kind),
        rules: platform?.rules.map(({ id, severity, otherSeverities }) =>
          otherSeverities ? { id, severity, otherSeverities } : { id, severity },
        ),
        ...(platform?.remote
          ? { remote: { pickFlag: platform.remote.pickFlag, apiKeyEnv: platform.remote.apiKeyEnv } }
          : {}),
        // The kind its exports carry is its loaders' (Dify's `kind: app`).
        ...(platform?.loaders.some((loader) => loader.kind)
          ? { exportKind: platform.loaders.find((loader) => loader.kind)?.kind }
          : {}),
        detects: undefined,
        load: undefined,
      });
    }
  });

  test("an entry tells its platform's exports as its loaders do, on every shipped export", () => {
    const files = ["fixtures/flowise", "fixtures/n8n", "fixtures/dify", "fixtures/configs", "tools"].flatMap(
      (folder) => listConfigFiles(folder, packagePath(), { roots: [packagePath()] }),
    );
    let told = 0;
    for (const file of files) {
      const content = readConfigFile(packagePath(file), { roots: [packagePath()] });
      if (!content.ok) continue;
      for (const value of Array.isArray(content.value) ? content.value : [content.value]) {
        if (!isPlainObject(value) || "kind" in value) continue;
        for (const entry of PLATFORM_ENTRIES) {
          const loaders = platformOf(entry.name)?.loaders ?? [];
          expect(entry.detects(value), `${file}: ${entry.name}`).toBe(loaders.some((l) => l.detects(value)));
          if (entry.detects(value)) told++;
        }
      }
    }
    expect(told).toBeGreaterThan(5);
  });
});
