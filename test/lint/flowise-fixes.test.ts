import { expect, test } from "vitest";
import type { RequestToolConfig } from "../../src/config/request-tool-config.js";
import type { LoadedTool, ToolSource } from "../../src/config/tool-config.js";
import { lint } from "../../src/lint/lint.js";
import type { LintRule } from "../../src/lint/rule.js";
import { outputLength } from "../../src/lint/rules/output-length.js";
import { isRequestTool } from "../../src/lint/rules/rule-helpers.js";

const config = {
  kind: "request",
  method: "PUT",
  name: "update_event",
  description: "Use this when you want to update an event",
  url: "http://localhost:5566/events",
  headers: {},
  maxOutputLength: 0,
} as const;

/** A rule whose finding has a fix and no suggestion of its own. */
const usePatch: LintRule<RequestToolConfig> = {
  id: "use-patch",
  severity: "error",
  profiles: ["flowise", "standard"],
  description: "PUT where the service takes PATCH",
  docs: "test rule",
  appliesTo: isRequestTool,
  check: () => [
    {
      path: "method",
      message: "PUT /events is not an operation",
      fix: { description: "switch to PATCH", changes: [{ path: "method", value: "PATCH" }] },
    },
  ],
};

function lintFrom(source: ToolSource, rule: LintRule<RequestToolConfig>) {
  const tools: LoadedTool[] = [{ config, source }];
  return lint(tools, { rules: [rule as LintRule] });
}

const FLOWISE_SOURCE: ToolSource = { file: "flow.json", path: "nodes[1].data.inputs", format: "flowise" };

test("a finding in tooldeck's format carries its fix, at the config's path", () => {
  const [found] = lintFrom({ file: "tools/t.yaml", path: "[0]" }, usePatch);
  expect(found?.fix).toEqual({
    description: "switch to PATCH",
    changes: [{ path: "[0].method", value: "PATCH" }],
    configPath: "[0]",
  });
  expect(found?.suggestion).toBeUndefined();
});

test("a Flowise finding whose fix the export cannot hold says why, and what to change in Flowise", () => {
  const [found] = lintFrom(FLOWISE_SOURCE, usePatch);
  expect(found?.fix).toEqual({
    description: "switch to PATCH",
    changes: [{ path: "nodes[1].data.inputs.method", value: "PATCH" }],
    configPath: "nodes[1].data.inputs",
    format: "flowise",
    notFixable: "the method is the node in Flowise (requestsPut sends PUT): replace the node",
  });
  expect(found?.suggestion).toBe("in Flowise: switch to PATCH");
});

test("a Flowise finding whose fix the export can hold carries it, in the config's paths, and keeps its suggestion", () => {
  const [found] = lintFrom(FLOWISE_SOURCE, outputLength);
  expect(found?.fix).toEqual({
    description: "remove maxOutputLength",
    changes: [{ path: "nodes[1].data.inputs.maxOutputLength" }],
    configPath: "nodes[1].data.inputs",
    format: "flowise",
  });
  expect(found?.suggestion).toBe("remove the limit or set it to the size of the answers (e.g. 2000)");
});
