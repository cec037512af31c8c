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
