import { describe, expect, test } from "vitest";
import { checkRealRepo, PLANTED } from "../support/real-repo.js";

/** The rules that compare a tool with a description (docs/apis.md). */
const SPEC_RULES = new Set([
  "operation-not-found",
  "undeclared-query-param",
  "body-fields",
  "field-types",
  "undisclosed-format",
  "path-param-unsupplied",
]);

/**
 * Issue 38's proof, the part that holds on its own: `tooldeck check .` on a repository as a team keeps
 * one (three Flowise flows, Tools-page exports, an Export data file, two n8n workflows, tooldeck YAML,
 * two descriptions) finds every planted defect, loads every file, and judges no tool by another API's
 * description. The exact set, nothing else at warning or error, is `real-repo-exact.proof.ts`.
 */
describe("tooldeck check . on fixtures/real-repo", () => {
  test("finds every planted defect, and exits 2 for their errors", async () => {
    const { exit, problems } = await checkRealRepo();
    expect(problems).toEqual(expect.arrayContaining([...PLANTED]));
    expect(exit).toBe(2);
  });

  test("loads every file: the one load error is the planted duplicate name, each id-less export is linked, the runtime variable said", async () => {
    const { diagnostics } = await checkRealRepo();
    const load = diagnostics.filter((d) => d.code === "config-invalid" || d.code === "config-note");
    expect(load.map((d) => `${d.code} | ${d.file} | ${d.message}`)).toEqual([
      'config-note | flowise/event-desk/Event Desk Agents.json | Custom Tool "b2e4c1d7-5a6f-4e3b-9c8d-0f1a2b3c4d5e" read from flowise/event-desk/find_contact-CustomTool.json, the one id-less Tools-page export beside the flow',
      "config-note | flowise/export/ExportData.json | $vars.chat_webhook_path is a runtime variable, read from the Flowise server's environment: its value is unknown here (give it with --var chat_webhook_path=VALUE)",
      'config-invalid | flowise/sales-assistant/Sales Assistant Chatflow.json | duplicate tool name "get_contact" (first defined at flowise/sales-assistant/Sales Assistant Chatflow.json: nodes[2].data.inputs)',
      'config-note | flowise/sales-assistant/Sales Assistant Chatflow.json | Custom Tool "0c9d8e7f-6a5b-4c3d-8e2f-1a0b9c8d7e6f" read from flowise/sales-assistant/log_call-CustomTool.json, the one id-less Tools-page export beside the flow',
    ]);
  });

  test("each description judges only its own API's tools; the hosts without one are one info each", async () => {
    const { diagnostics } = await checkRealRepo();
    const notFound = diagnostics.filter((d) => d.code === "operation-not-found");
    expect(notFound.map((d) => `${d.tool}: ${d.message.replace(/ \(did you mean.*$/, "")}`).sort()).toEqual([
      "Update_Event: PUT /events/{event_id} is not an operation of Example Events API",
      "log_call: line 10: POST /contacts/:contactId/note is not an operation of Pipedeal CRM API",
      "update_event: PUT /events is not an operation of Example Events API",
    ]);
    const judged = diagnostics.filter((d) => SPEC_RULES.has(d.code)).map((d) => d.tool);
    expect(judged).not.toContain("get_forecast");
    expect(judged).not.toContain("post_to_channel");
    const noSpec = diagnostics.filter((d) => d.code === "no-spec").map((d) => d.message.split(":")[0]);
    expect(noSpec.sort()).toEqual([
      "no OpenAPI description for api.example-weather.net",
      "no OpenAPI description for hooks.example-chat.com",
    ]);
  });
});
