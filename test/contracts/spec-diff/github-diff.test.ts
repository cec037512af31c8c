import { beforeAll, describe, expect, test } from "vitest";
import { OpenApiToolkitConfigSchema } from "../../../src/config/openapi-toolkit-config.js";
import type { LoadedTool } from "../../../src/config/tool-config.js";
import { diffSpecs } from "../../../src/contracts/spec-diff/diff-specs.js";
import { loadSpec } from "../../../src/openapi/load-spec.js";
import { createOperationIndex, type OperationIndex } from "../../../src/openapi/operation-index.js";
import { packagePath } from "../../../src/package/package-root.js";
import { baseToolName } from "../../../src/runtime/toolkit/standard/tool-names.js";

/** Two published versions of GitHub Enterprise Server's REST description (@octokit/openapi). */
const GHES = (version: string) =>
  packagePath("node_modules", "@octokit", "openapi", "generated", `ghes-${version}.json`);

// biome-ignore lint/suspicious/noExplicitAny: GitHub's path items, edited key by key to plant a change
type Paths = Record<string, Record<string, any>>;

async function indexOf(file: string, plant?: (paths: Paths) => void): Promise<OperationIndex> {
  const spec = await loadSpec(file, { lazyRefs: true });
  plant?.(spec.document.paths as Paths);
  return createOperationIndex(spec);
}

/** The GitHub toolkit: one tool per operation of the old description (966 of GHES 3.17). */
const toolkit = (spec: string): LoadedTool => ({
  config: OpenApiToolkitConfigSchema.parse({ kind: "openapi-toolkit", name: "github", spec }),
  source: { file: "tools/github.yaml", path: "" },
});

describe("diff on GitHub's description, the GitHub toolkit as the tools", () => {
  let v317: OperationIndex;
  let v319: OperationIndex;
  let planted: OperationIndex;
  beforeAll(async () => {
    v317 = await indexOf(GHES("3.17"));
    v319 = await indexOf(GHES("3.19"));
    planted = await indexOf(GHES("3.17"), (paths) => {
      delete paths["/repos/{owner}/{repo}/issues"]?.post;
      (paths["/repos/{owner}/{repo}/pulls"]?.post as { operationId: string }).operationId = "pulls/open";
      paths["/repos/{owner}/{repo}/issues"]?.get.parameters.push({
        name: "tenant",
        in: "query",
        required: true,
        schema: { type: "string" },
      });
    });
  }, 120_000);

  test("3.17 → 3.19: nothing breaks; what the model reads and the new optional fields are named per tool", () => {
    const { diagnostics, operationsUsed } = diffSpecs({
      before: v317,
      after: v319,
      tools: [toolkit(GHES("3.17"))],
    });
    expect(operationsUsed).toBe(v317.operations.length);
    expect(diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(diagnostics.length).toBeGreaterThan(0);
    const names = new Set(v317.operations.map(baseToolName));
    expect(diagnostics.every((d) => names.has(d.tool) && d.file === "tools/github.yaml")).toBe(true);
    expect(new Set(diagnostics.map((d) => d.code))).toEqual(
      new Set(["param-description-changed", "optional-field-added"]),
    );
  });

  test("planted changes: exactly the tools they touch, by the names the model calls", () => {
    const { diagnostics } = diffSpecs({ before: v317, after: planted, tools: [toolkit(GHES("3.17"))] });
    expect(diagnostics.map((d) => `${d.severity} ${d.code} ${d.tool}`).sort()).toEqual([
      "error operation-removed issues_create",
      "error operation-renamed pulls_create",
      "warning required-field-added issues_list-for-repo",
    ]);
    expect(diagnostics.find((d) => d.code === "operation-renamed")?.message).toBe(
      "the operationId of POST /repos/{owner}/{repo}/pulls changed: the toolkit's tool pulls_create is now pulls_open, the name the model and every recorded call use",
    );
  });
});
