import { copyFileSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import { packagePath } from "../../../src/package/package-root.js";
import { tooldeck, tooldeckIn } from "../../support/run-tooldeck.js";

// Needs the Dify DSL loader (issue 44, item 1): the same node as fixtures/dify/update-event.tools.yaml, in
// a Dify workflow export.
test("the Proof (issue 44) on a Dify DSL file: check reports operation-not-found at the node's URL, with the change said in Dify's terms", async () => {
  const { exit, stdout } = await tooldeck(
    "check",
    "fixtures/dify/update-event.dsl.yml",
    "--spec",
    "tools/event-api.openapi.yaml",
    "--no-probe",
  );
  expect(exit).toBe(1);
  expect(stdout).toContain(
    "error   PUT /events is not an operation of Event Management API (did you mean PATCH /events/{id}?)  operation-not-found",
  );
  expect(stdout).toContain("(workflow.graph.nodes[1].data.url)");
  expect(stdout).toContain(
    "→ in Dify, set Update Event's Method to PATCH and URL to {{#env.base_url#}}/events/{{#start.id#}}",
  );
  expect(stdout).toContain("(profile dify)");
});

test("check --fix on the Dify DSL file writes method and URL into the node's data, the rest of the file kept", async () => {
  const dir = mkdtempSync(join(tmpdir(), "tooldeck-dify-dsl-"));
  copyFileSync(packagePath("fixtures", "dify", "update-event.dsl.yml"), join(dir, "app.yml"));
  copyFileSync(packagePath("tools", "event-api.openapi.yaml"), join(dir, "event-api.openapi.yaml"));
  await tooldeckIn(dir, ["check", "app.yml", "--spec", "event-api.openapi.yaml", "--no-probe", "--fix"]);
  expect(readFileSync(join(dir, "app.yml"), "utf8")).toBe(
    readFileSync(packagePath("fixtures", "dify", "update-event.dsl.yml"), "utf8")
      .replace("        method: put\n", "        method: patch\n")
      .replace(
        "        url: '{{#env.base_url#}}/events'\n",
        "        url: '{{#env.base_url#}}/events/{{#start.id#}}'\n",
      ),
  );
});
