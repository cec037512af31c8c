import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { applyFixes } from "../../../../src/lint/apply-fixes.js";
import type { Diagnostic } from "../../../../src/lint/diagnostic.js";
import { lint } from "../../../../src/lint/lint.js";
import { loadSpecIndex } from "../../../../src/lint/load-check-inputs.js";
import type { OperationIndex } from "../../../../src/openapi/operation-index.js";
import { packagePath } from "../../../../src/package/package-root.js";
import { DifyHttpRequestConfigSchema } from "../../../../src/platforms/dify/config/dify-http-request-config.js";
import { DIFY_EXPORT_FIXER } from "../../../../src/platforms/dify/dify-export-fixer.js";
import { tooldeckIn } from "../../../support/run-tooldeck.js";

let events: OperationIndex;
beforeAll(async () => {
  events = await loadSpecIndex(packagePath("tools", "event-api.openapi.yaml"));
});

const DSL = packagePath("fixtures", "dify", "update-event.dsl.yml");
const NODE = "workflow.graph.nodes[1].data";

/** The tutorial's node as the DSL loader reads it, at its place in the DSL file. */
function fromDsl(file: string, method = "put") {
  const config = DifyHttpRequestConfigSchema.parse({
    kind: "dify-http-request",
    name: "Update Event",
    node: "1733309556954",
    method,
    url: "{{#env.base_url#}}/events",
    headers: "Content-Type:application/json",
    body: {
      type: "json",
      data: [{ value: '{"name": "{{#start.name#}}", "location": "{{#start.location#}}"}' }],
    },
    error_strategy: "fail-branch",
  });
  return { config, source: { file, path: NODE, format: "dify" as const } };
}

function copy(from: string, name: string): string {
  const file = join(mkdtempSync(join(tmpdir(), "tooldeck-dify-fix-")), name);
  copyFileSync(from, file);
  return file;
}

describe("operation-not-found's fix, said in Dify's terms and written into the DSL (facts 10–11)", () => {
  test("the finding carries the fix: PATCH and {{#env.base_url#}}/events/{{#start.id#}} at the node's data, a fix --fix applies", () => {
    const [found] = lint([fromDsl(DSL)], { profile: "dify", spec: events }).filter(
      (d) => d.code === "operation-not-found",
    );
    expect(found?.fix).toEqual({
      description:
        "in Dify, set Update Event's Method to PATCH and URL to {{#env.base_url#}}/events/{{#start.id#}}",
      changes: [
        { path: `${NODE}.method`, value: "patch" },
        { path: `${NODE}.url`, value: "{{#env.base_url#}}/events/{{#start.id#}}" },
      ],
      configPath: NODE,
      format: "dify",
    });
  });

  test("--fix writes method and URL into workflow.graph.nodes[i].data, the rest of the file byte for byte", () => {
    const file = copy(DSL, "app.yml");
    const diagnostics = lint([fromDsl(file)], { profile: "dify", spec: events });
    const outcome = applyFixes(diagnostics);
    expect(outcome.skipped).toEqual([]);
    const before = readFileSync(DSL, "utf8");
    expect(readFileSync(file, "utf8")).toBe(
      before
        .replace("        method: put\n", "        method: patch\n")
        .replace(
          "        url: '{{#env.base_url#}}/events'\n",
          "        url: '{{#env.base_url#}}/events/{{#start.id#}}'\n",
        ),
    );
  });

  test("a method the node writes in upper case is written in upper case", () => {
    const upper = copy(DSL, "upper.yml");
    writeFileSync(upper, readFileSync(DSL, "utf8").replace("method: put", "method: PUT"));
    const [found] = lint([fromDsl(upper)], { profile: "dify", spec: events }).filter(
      (d) => d.code === "operation-not-found",
    );
    applyFixes([found as Diagnostic]);
    expect(readFileSync(upper, "utf8")).toContain("        method: PATCH\n");
  });

  test("a change of another field of the node, or a config not at an HTTP node, is not written: the fix says why", () => {
    expect(
      DIFY_EXPORT_FIXER.whyNotFixable({ kind: "dify-http-request" }, [{ path: "headers", value: "" }]),
    ).toBe("--fix does not edit the headers of a Dify node");
    const file = copy(DSL, "app.yml");
    const start = "workflow.graph.nodes[0].data";
    const misplaced: Diagnostic = {
      code: "x",
      severity: "error",
      tool: "Update Event",
      file,
      path: start,
      message: "m",
      fix: {
        description: "d",
        changes: [{ path: `${start}.url`, value: "x" }],
        configPath: start,
        format: "dify",
      },
    };
    expect(applyFixes([misplaced]).skipped.map((s) => s.reason)).toEqual([
      "the node is not where the tool was read",
    ]);
    expect(readFileSync(file, "utf8")).toBe(readFileSync(DSL, "utf8"));
  });
});

test("check --fix on a tools/ file of kind dify-http-request writes the node's method and URL in tooldeck's format", async () => {
  const dir = mkdtempSync(join(tmpdir(), "tooldeck-dify-fix-"));
  copyFileSync(packagePath("fixtures", "dify", "update-event.tools.yaml"), join(dir, "update-event.yaml"));
  copyFileSync(packagePath("tools", "event-api.openapi.yaml"), join(dir, "event-api.openapi.yaml"));
  const { stdout } = await tooldeckIn(dir, [
    "check",
    "update-event.yaml",
    "--spec",
    "event-api.openapi.yaml",
    "--no-probe",
    "--fix",
  ]);
  expect(stdout).not.toContain("operation-not-found");
  const fixed = readFileSync(join(dir, "update-event.yaml"), "utf8");
  expect(fixed).toContain("  method: patch\n");
  expect(fixed).toContain('  url: "{{#env.base_url#}}/events/{{#start.id#}}"\n');
  // The comments stay.
  expect(fixed).toContain("# The tutorial's update_event as a Dify HTTP Request node");
});
