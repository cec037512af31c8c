import { Ajv } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { beforeAll, describe, expect, test } from "vitest";
import { loadSpec } from "../../../src/openapi/load-spec.js";
import { createOperationIndex, type OperationIndex } from "../../../src/openapi/operation-index.js";
import { TOOL_NAME_PATTERN } from "../../../src/runtime/tool-name.js";
import type { ExecutableTool } from "../../../src/runtime/tool-result.js";
import { createToolkit } from "../../../src/runtime/toolkit/create-toolkit.js";
import { GITHUB_SPEC, oasExample, SMALLER_SPECS } from "../../support/real-specs.js";

const TOOL_METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE"]);

/** Flowise's schemas declare draft-07; the standard profile's use 2020-12 keywords. */
const compilers = {
  flowise: addFormats.default(new Ajv({ strict: false, logger: false })),
  standard: addFormats.default(new Ajv2020({ strict: false, logger: false })),
};

function schemaProblems(tools: ExecutableTool[], profile: "flowise" | "standard"): string[] {
  const problems: string[] = [];
  for (const tool of tools) {
    try {
      compilers[profile].compile(tool.inputSchema);
    } catch (error) {
      problems.push(`${tool.name}: ${(error as Error).message}`);
    }
  }
  return problems;
}

async function build(index: OperationIndex, profile: "flowise" | "standard") {
  return createToolkit({ kind: "openapi-toolkit", spec: index.spec.label }, { profile, spec: index });
}

describe("GitHub's REST description (@octokit/openapi)", () => {
  let index: OperationIndex;
  beforeAll(async () => {
    index = createOperationIndex(await loadSpec(GITHUB_SPEC));
  });

  test("every operation becomes a flowise tool whose schema ajv compiles", async () => {
    const tools = await build(index, "flowise");
    const expected = index.operations.filter((op) => TOOL_METHODS.has(op.method) && op.operationId);
    expect(expected.length).toBeGreaterThan(1000);
    expect(tools.map((tool) => tool.name)).toEqual(expected.map((op) => op.operationId));
    expect(schemaProblems(tools, "flowise")).toEqual([]);
  });

  test("every operation becomes a standard tool with a valid, unique name and a schema ajv compiles", async () => {
    const tools = await build(index, "standard");
    expect(tools).toHaveLength(index.operations.filter((op) => TOOL_METHODS.has(op.method)).length);
    const names = tools.map((tool) => tool.name);
    expect(names.filter((name) => !TOOL_NAME_PATTERN.test(name))).toEqual([]);
    expect(new Set(names).size).toBe(names.length);
    expect(schemaProblems(tools, "standard")).toEqual([]);
  });
});

describe.each(SMALLER_SPECS)("the real spec %s (@readme/oas-examples)", (file) => {
  test.each(["flowise", "standard"] as const)(
    "builds under %s with schemas ajv compiles",
    async (profile) => {
      const spec = await loadSpec(oasExample(file));
      const index = createOperationIndex(spec);
      const tools =
        spec.document.servers?.length || profile === "standard" ? await build(index, profile) : [];
      if (profile === "standard")
        expect(tools.length).toBe(index.operations.filter((op) => TOOL_METHODS.has(op.method)).length);
      expect(schemaProblems(tools, profile)).toEqual([]);
      const names = tools.map((tool) => tool.name);
      if (profile === "standard") expect(names.filter((name) => !TOOL_NAME_PATTERN.test(name))).toEqual([]);
    },
  );
});
