import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { packagePath } from "../../../src/package/package-root.js";
import { hostileProject } from "../../support/hostile-project.js";
import { tooldeckIn } from "../../support/run-tooldeck.js";

const EVENT_API = readFileSync(packagePath("tools", "event-api.openapi.yaml"), "utf8");
/** The event API with PATCH /events/{id} turned into PUT: the tutorial's method change, the other way round. */
const PUT_API = EVENT_API.replace(
  "    patch:\n      operationId: updateEventDetails",
  "    put:\n      operationId: updateEventDetails",
);
const UPDATE_TOOL = `kind: request
method: PATCH
name: update_event
description: Use this when you want to update an event
url: "{{$vars.base_url}}/events/:id"
queryParamsSchema:
  id:
    type: string
    in: path
    required: true
    description: ID of the event
bodySchema:
  name:
    type: string
    required: true
    description: Name of the event
`;

const project = () =>
  hostileProject({ "api.yaml": EVENT_API, "v2.yaml": PUT_API, "tools/update.yaml": UPDATE_TOOL });

describe("tooldeck diff", () => {
  test("a method change breaks the tool: exit 1, the finding names it and the fix", async () => {
    const { exit, stdout } = await tooldeckIn(project(), [
      "diff",
      "api.yaml",
      "v2.yaml",
      "tools/",
      "--format",
      "json",
    ]);
    expect(exit).toBe(1);
    const report = JSON.parse(stdout) as {
      diagnostics: { code: string; tool: string; fix?: { description: string } }[];
    };
    expect(report.diagnostics.map((d) => [d.code, d.tool, d.fix?.description])).toEqual([
      ["method-changed", "update_event", "PUT {{$vars.base_url}}/events/:id"],
    ]);
  });

  test("--fix rewrites the tool, and the diff then finds nothing to break", async () => {
    const dir = project();
    const fixed = await tooldeckIn(dir, ["diff", "api.yaml", "v2.yaml", "tools/", "--fix-suggestions"]);
    expect(fixed.stderr).toContain(
      "fixed tools/update.yaml: update_event: PUT {{$vars.base_url}}/events/:id",
    );
    expect(readFileSync(join(dir, "tools", "update.yaml"), "utf8")).toBe(
      UPDATE_TOOL.replace("method: PATCH", "method: PUT"),
    );
    const again = await tooldeckIn(dir, ["diff", "v2.yaml", "v2.yaml", "tools/"]);
    expect([again.exit, again.stdout]).toEqual([
      0,
      "tools/update.yaml\n  update_event\n\n✔ no problems in 1 tool (profile standard)\n",
    ]);
  });

  test("sarif names diff's rules; github annotates the tool's file", async () => {
    const sarif = await tooldeckIn(project(), ["diff", "api.yaml", "v2.yaml", "tools/", "--format", "sarif"]);
    const log = JSON.parse(sarif.stdout) as {
      runs: { tool: { driver: { rules: { id: string }[] } }; results: { ruleId: string }[] }[];
    };
    expect(log.runs[0]?.results.map((r) => r.ruleId)).toEqual(["method-changed"]);
    expect(log.runs[0]?.tool.driver.rules.map((r) => r.id)).toContain("operation-removed");
    const github = await tooldeckIn(project(), [
      "diff",
      "api.yaml",
      "v2.yaml",
      "tools/",
      "--format",
      "github",
    ]);
    expect(github.stdout).toMatch(
      /^::error file=tools\/update\.yaml,line=5,.*title=method-changed::update_event: PATCH \/events\/\{id\}/,
    );
  });

  test("an unreadable description is exit 2 and one line naming the file", async () => {
    const { exit, stdout, stderr } = await tooldeckIn(project(), [
      "diff",
      "api.yaml",
      "missing.yaml",
      "tools/",
    ]);
    expect([exit, stdout]).toEqual([2, ""]);
    expect(stderr).toBe("tooldeck diff: missing.yaml: cannot read file: no such file or folder (ENOENT)\n");
  });

  test("a description that is no OpenAPI document is exit 2 too; one spec only is a usage error", async () => {
    const dir = hostileProject({ "api.yaml": EVENT_API, "swagger.yaml": "swagger: '2.0'\n" });
    const swagger = await tooldeckIn(dir, ["diff", "api.yaml", "swagger.yaml"]);
    expect([swagger.exit, swagger.stderr]).toEqual([
      2,
      "tooldeck diff: swagger.yaml: Swagger 2.0 is not supported; convert it to OpenAPI 3.0 or 3.1 first\n",
    ]);
    const one = await tooldeckIn(dir, ["diff", "api.yaml"]);
    expect([one.exit, one.stderr]).toEqual([
      2,
      "tooldeck diff: give the two descriptions to compare: tooldeck diff OLD NEW [tools…]\n",
    ]);
  });

  test("recorded calls alone (no tools/): the cassette call the change breaks, exit 1", async () => {
    const cassette = readFileSync(
      packagePath("scenarios", "cassettes", "update-event-fixed.standard.cassette.json"),
      "utf8",
    );
    const dir = hostileProject({
      "api.yaml": EVENT_API,
      "v2.yaml": PUT_API,
      "scenarios/cassettes/update.standard.cassette.json": cassette,
    });
    const { exit, stdout } = await tooldeckIn(dir, [
      "diff",
      "api.yaml",
      "v2.yaml",
      "--cassettes",
      "scenarios/",
      "--format",
      "json",
    ]);
    expect(exit).toBe(1);
    const report = JSON.parse(stdout) as {
      diagnostics: { code: string; tool: string; file: string; path: string }[];
    };
    expect(report.diagnostics.map((d) => [d.code, d.tool, d.file, d.path])).toEqual([
      ["method-changed", "update_event", "scenarios/cassettes/update.standard.cassette.json", "calls[0]"],
    ]);
  });

  test("a cassette that is not one is exit 2 naming it", async () => {
    const dir = hostileProject({
      "api.yaml": EVENT_API,
      "v2.yaml": PUT_API,
      "scenarios/cassettes/bad.cassette.json": '{"version": 2}',
    });
    const { exit, stderr } = await tooldeckIn(dir, [
      "diff",
      "api.yaml",
      "v2.yaml",
      "--cassettes",
      "scenarios/cassettes",
    ]);
    expect(exit).toBe(2);
    expect(stderr).toBe("tooldeck diff: scenarios/cassettes/bad.cassette.json: version: expected 1\n");
  });

  test("a description out of the project through a symlink is refused as check refuses it", async () => {
    const { exit, stderr } = await tooldeckIn(project(), ["diff", "api.yaml", "/etc/passwd"]);
    expect(exit).toBe(2);
    expect(stderr).toMatch(/^tooldeck diff: \/etc\/passwd: /);
  });
});
