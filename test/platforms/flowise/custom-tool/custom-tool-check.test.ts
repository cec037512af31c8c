import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { hostileProject } from "../../../support/hostile-project.js";
import { tooldeck, tooldeckIn } from "../../../support/run-tooldeck.js";

const FLOW = "fixtures/flowise/custom-tool-agent";

/**
 * The proof: the tutorial's agent with update_event as a Custom Tool (`PUT $vars.base_url +
 * '/events'` in its code, its row a Tools-page export beside the flow) is caught before any code runs.
 */
describe("tooldeck check on the tutorial's agent with a Custom Tool update_event", () => {
  test("reports operation-not-found with the PATCH hint, and runs none of the code", async () => {
    const { exit, stdout } = await tooldeck(
      "check",
      FLOW,
      "--spec",
      "tools/event-api.openapi.yaml",
      "--format",
      "json",
    );
    expect(exit).toBe(1);
    const report = JSON.parse(stdout);
    const update = report.diagnostics.filter((d: { tool: string }) => d.tool === "update_event");
    expect(update.find((d: { code: string }) => d.code === "operation-not-found")).toMatchObject({
      severity: "error",
      // The code is in the Tools-page export the flow's node was linked to: the finding points there.
      file: `${FLOW}/update-event.tool.json`,
      path: "func",
      line: 8,
      column: 3,
      message:
        "line 11: PUT /events is not an operation of Event Management API (did you mean PATCH /events/{id}?)",
      suggestion:
        "call PATCH /events/{id} (updateEventDetails) in the code: method 'PATCH', URL $vars.base_url + '/events/' + $id",
    });
    expect(update.map((d: { code: string }) => d.code)).not.toContain("probe");
    const sent = report.tools.find((t: { name: string }) => t.name === "update_event").sent;
    expect(sent).toBe("not probed (its code was not run; its calls are judged from the code)");
    // The Tools-page export is the flow's tool, not a fifth tool of its own.
    expect(report.tools.map((t: { name: string }) => t.name).sort()).toEqual([
      "create_event",
      "delete_event",
      "get_events",
      "update_event",
    ]);
  });

  test("without the Tools-page export beside it, the flow's Custom Tool is a load error naming its id", async () => {
    const { exit, stdout, stderr } = await tooldeck("lint", `${FLOW}/event-agent.json`);
    expect(exit).toBe(2);
    expect(`${stdout}${stderr}`).toContain(
      `Custom Tool "6f1c2a4e-3b5d-4e7f-9a1b-2c3d4e5f6a7b" not found: Flowise's Tools-page export holds no id, so link it in tooldeck.config.yaml (flowise: { tools: { "6f1c2a4e-3b5d-4e7f-9a1b-2c3d4e5f6a7b": <its export> } }) or keep it as the one id-less export beside a flow with one unresolved Custom Tool; or load Flowise's "Export data" file, whose tools keep their ids, or read the flow from the server with --flowise URL`,
    );
  });
});

describe("tooldeck lint on a flow whose Custom Tool the settings link", () => {
  test("flowise: { tools: { <id>: <file> } } in tooldeck.config.yaml links the id-less export kept elsewhere", async () => {
    const { id, ...idless } = JSON.parse(readFileSync(`${FLOW}/update-event.tool.json`, "utf8"));
    const dir = hostileProject({
      "flows/event-agent.json": readFileSync(`${FLOW}/event-agent.json`, "utf8"),
      "exports/Update Event.json": JSON.stringify(idless),
      "tooldeck.config.yaml": `flowise:\n  tools:\n    ${id}: "exports/Update Event.json"\n`,
    });
    const { exit, stdout, stderr } = await tooldeckIn(dir, ["lint", "flows/", "--format", "json"]);
    expect(stderr).not.toMatch(/not found|error/);
    expect(exit).not.toBe(2);
    const report = JSON.parse(stdout);
    expect(report.tools.map((t: { name: string; file: string }) => `${t.file} ${t.name}`).sort()).toEqual([
      "flows/event-agent.json create_event",
      "flows/event-agent.json delete_event",
      "flows/event-agent.json get_events",
      "flows/event-agent.json update_event",
    ]);
    expect(report.diagnostics.map((d: { code: string }) => d.code)).not.toContain("config-error");
  });
});
