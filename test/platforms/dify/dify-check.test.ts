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
  // A workflow step is no tool a model picks: its description is judged by no rule.
  expect(stdout).not.toContain("tool-description");
});
