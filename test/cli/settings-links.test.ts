import { describe, expect, test } from "vitest";
import { hostileProject } from "../support/hostile-project.js";
import { tooldeckIn } from "../support/run-tooldeck.js";

const ID = "4d723d69-e854-4351-90c0-6385ce908213";
/** A chatflow whose Custom Tool node holds only the tool's id, as Flowise exports it. */
const FLOW = JSON.stringify({
  nodes: [
    { id: "customTool_0", data: { name: "customTool", label: "Custom Tool", inputs: { selectedTool: ID } } },
  ],
});
/** The tool as Flowise's Tools page exports it: no id. */
const EXPORT = JSON.stringify({
  name: "update_event",
  description: "Use this when you want to update an event",
  schema: JSON.stringify([
    { id: 1, property: "id", description: "the event", type: "string", required: true },
  ]),
  func: "return 'updated ' + $id;",
});
const LINK = `flowise:\n  tools:\n    ${ID}: exports/update.json\n`;
const NOT_FOUND = `tools/flow.json: nodes[0].data.inputs.selectedTool: Custom Tool "${ID}" not found`;

/** A project whose flow's Custom Tool is linked to its export only through the settings file named. */
function linkedProject(settings: Record<string, string>): string {
  return hostileProject({ "tools/flow.json": FLOW, "exports/update.json": EXPORT, ...settings });
}

describe("tools, call, agent and mcp read the Custom Tools tooldeck.config.* links to ids, as check does", () => {
  test("tools: the settings file here links the flow's tool; check loads the same tool", async () => {
    const dir = linkedProject({ "tooldeck.config.yaml": LINK });
    const listed = await tooldeckIn(dir, ["tools", "tools/flow.json", "--json"]);
    expect(listed.stderr).toBe("");
    expect(listed.exit).toBe(0);
    expect(JSON.parse(listed.stdout)).toMatchObject([
      { name: "update_event", file: "tools/flow.json", path: "nodes[0].data.inputs" },
    ]);
    const checked = await tooldeckIn(dir, ["check", "tools/flow.json", "--format", "json"]);
    const codes = JSON.parse(checked.stdout).diagnostics.map((d: { code: string }) => d.code);
    expect(codes).not.toContain("config-invalid");
  });

  test("tools and call: without the link, the node's error, as check gives it", async () => {
    const dir = linkedProject({});
    const listed = await tooldeckIn(dir, ["tools", "tools/flow.json"]);
    expect(listed.exit).toBe(2);
    expect(listed.stderr).toContain(`tooldeck tools: ${NOT_FOUND}`);
    const called = await tooldeckIn(dir, ["call", "update_event", "--tools", "tools/flow.json"]);
    expect(called.exit).toBe(2);
    expect(called.stderr).toContain(`tooldeck call: ${NOT_FOUND}`);
  });

  test("call: the tool linked by --config FILE runs (its code with --allow-code)", async () => {
    const dir = linkedProject({
      "ci/tooldeck.yaml": `flowise:\n  tools:\n    ${ID}: ../exports/update.json\n`,
    });
    const args = [
      "call",
      "update_event",
      "--tools",
      "tools/flow.json",
      "--args",
      '{"id":"e1"}',
      "--allow-code",
    ];
    const called = await tooldeckIn(dir, [...args, "--config", "ci/tooldeck.yaml"]);
    expect(called).toMatchObject({ exit: 0, stdout: "updated e1\n" });
    expect((await tooldeckIn(dir, args)).stderr).toContain(NOT_FOUND);
  });

  test("mcp --list serves the linked tool too", async () => {
    const dir = linkedProject({ "tooldeck.config.yaml": LINK });
    const served = await tooldeckIn(dir, ["mcp", "--list", "tools/flow.json"]);
    expect(served.exit).toBe(0);
    expect(served.stdout).toContain("update_event");
  });
});

describe("call runs with the $vars Flowise's Export data file carries, as check probes with them", () => {
  const EXPORT_DATA = JSON.stringify({
    ChatFlow: [
      {
        id: "c1",
        name: "Events",
        flowData: JSON.stringify({
          nodes: [
            {
              id: "requestsGet_0",
              data: {
                name: "requestsGet",
                inputs: {
                  requestsGetUrl: "http://localhost:5566/events?limit=1",
                  requestsGetName: "find_events",
                  requestsGetDescription: "Use this to find events",
                  requestsGetHeaders: '{"X-Desk": "{{$vars.desk}}"}',
                },
              },
            },
          ],
        }),
      },
    ],
    Variable: [{ name: "desk", value: "front", type: "static" }],
  });
  const args = ["call", "find_events", "--tools", "tools/export.json", "--profile", "standard", "--verbose"];

  test("a static variable is the value sent; --var still wins", async () => {
    const dir = hostileProject({ "tools/export.json": EXPORT_DATA });
    const called = await tooldeckIn(dir, args);
    expect(called.exit).toBe(0);
    expect(called.stderr).toMatch(/^> x-desk: front$/im);
    const given = await tooldeckIn(dir, [...args, "--var", "desk=back"]);
    expect(given.stderr).toMatch(/^> x-desk: back$/im);
  });
});
