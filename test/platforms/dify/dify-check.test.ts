import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import { tooldeck } from "../../support/run-tooldeck.js";

test("the Proof (issue 44): tooldeck check on the tutorial's update_event as a Dify HTTP Request node (PUT {{#env.base_url#}}/events) reports operation-not-found with the change said in Dify's terms", async () => {
  const { exit, stdout } = await tooldeck(
    "check",
    "fixtures/dify/update-event.tools.yaml",
    "--spec",
    "tools/event-api.openapi.yaml",
  );
  expect(exit).toBe(1);
  expect(stdout).toContain(
    "error   PUT /events is not an operation of Event Management API (did you mean PATCH /events/{id}?)  operation-not-found",
  );
  expect(stdout).toContain(
    "→ in Dify, set Update Event's Method to PATCH and URL to {{#env.base_url#}}/events/{{#start.id#}}",
  );
  expect(stdout).toContain(
    "fixable with --fix: in Dify, set Update Event's Method to PATCH and URL to {{#env.base_url#}}/events/{{#start.id#}}",
  );
  // A workflow step is no tool a model picks: its description is judged by no rule.
  expect(stdout).not.toContain("tool-description");
});

test("tooldeck check on Dify HTTP Request nodes: each trap reported once at its field, the safe node with no finding of its own", async () => {
  const { exit, stdout } = await tooldeck(
    "check",
    "fixtures/dify/http-traps.tools.yaml",
    "--no-probe",
    "--format",
    "json",
  );
  expect(exit).toBe(1);
  const report = JSON.parse(stdout) as {
    diagnostics: { code: string; tool: string; path: string; severity: string }[];
  };
  const found = report.diagnostics
    .filter((d) => d.code !== "no-spec")
    .map((d) => `${d.tool} ${d.severity} ${d.code} ${d.path}`);
  expect(found.sort()).toEqual(
    [
      "Generate_Image warning dify-json-body-repaired [1].body.data[0].value",
      // {{#…pmodel#}} and {{#…prompt#}}, each between quotes.
      "Generate_Image warning dify-json-body-quoting [1].body.data[0].value",
      "Generate_Image warning dify-json-body-quoting [1].body.data[0].value",
      "Generate_Image warning dify-header-newline [1].headers",
      "Probe error dify-url-scheme [2].url",
      "Probe error dify-options-method [2].method",
      "Probe error dify-body-items [2].body.data",
      "Probe warning dify-error-status-passes [2].error_strategy",
      "Safe_Search info dify-error-status-lost [0].retry_config",
      "Generate_Image info dify-error-status-lost [1].retry_config",
      "Probe info dify-error-status-lost [2].retry_config",
    ].sort(),
  );
});

test("lint on a Dify app whose only tools are builtin ones reports its notes, not 'no tools found' (nothing read is dropped)", async () => {
  const dir = mkdtempSync(join(tmpdir(), "tooldeck-dify-builtin-"));
  const file = join(dir, "app.yml");
  writeFileSync(
    file,
    [
      "kind: app",
      "version: 0.3.0",
      "app: { name: Search, mode: workflow }",
      "workflow:",
      "  graph:",
      "    edges: []",
      "    nodes:",
      "    - id: '1713262010863'",
      "      data: { type: tool, title: Search, provider_type: builtin, provider_id: tavily, provider_name: tavily, tool_name: tavily_search, tool_parameters: {} }",
    ].join("\n"),
  );
  const { exit, stdout } = await tooldeck("lint", file, "--format", "json");
  expect(exit).toBe(0);
  const report = JSON.parse(stdout) as { diagnostics: { code: string; message: string }[] };
  expect(report.diagnostics.map((d) => `${d.code} ${d.message}`)).toEqual([
    'config-note not modelled: the Tool node "Search" calls a builtin tool (tavily / tavily_search); tooldeck models custom API tools (provider_type: api)',
  ]);
  const empty = join(dir, "empty.yml");
  writeFileSync(
    empty,
    "kind: app\nversion: 0.3.0\napp: { name: Nothing, mode: workflow }\nworkflow: { graph: { nodes: [], edges: [] } }\n",
  );
  expect((await tooldeck("lint", empty)).exit).toBe(2);
});
