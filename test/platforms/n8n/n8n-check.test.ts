import { expect, test } from "vitest";
import { tooldeck } from "../../support/run-tooldeck.js";

test("tooldeck check on the tutorial's four tools as n8n nodes: operation-not-found with n8n's change, the request n8n sends and the sentence the model sees (issue 32)", async () => {
  const { exit, stdout } = await tooldeck(
    "check",
    "fixtures/n8n/event-assistant.json",
    "--spec",
    "tools/event-api.openapi.yaml",
  );
  expect(exit).toBe(1);
  const update = stdout.slice(stdout.indexOf("  update_event"), stdout.indexOf("  create_event"));
  expect(update).toContain(
    "update_event  PUT http://events.tooldeck.internal/events → 404 (embedded emulator)",
  );
  expect(update).toContain(
    "error   PUT /events is not an operation of Event Management API (did you mean PATCH /events/{id}?)  operation-not-found",
  );
  expect(update).toContain(
    'probe error: PUT /events answered 404 {"error":"Endpoint not found"}; the LLM sees [{"error":"The resource you are requesting could not be found"}]',
  );
  expect(update).toContain(
    "→ in n8n, set update_event's Method to PATCH and its URL to ={{ $vars.base_url }}/events/{{ $fromAI('id') }}",
  );
  expect(stdout).toContain("(profile n8n)");
  expect(stdout).toContain(
    'info    not modelled: "Send Mail" (n8n-nodes-base.gmailTool) is a tool of a type tooldeck does not model  config-note',
  );
});

test("tooldeck tools says the workflow's nodes it does not model as note lines", async () => {
  const { exit, stderr } = await tooldeck("tools", "fixtures/n8n/event-assistant.json");
  expect(exit).toBe(0);
  expect(stderr).toBe(
    'tooldeck tools: note: fixtures/n8n/event-assistant.json: nodes[5]: not modelled: "Send Mail" (n8n-nodes-base.gmailTool) is a tool of a type tooldeck does not model\n',
  );
});
