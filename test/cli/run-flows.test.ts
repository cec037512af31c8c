import { describe, expect, test } from "vitest";
import { hostileProject } from "../support/hostile-project.js";
import { tooldeckIn } from "../support/run-tooldeck.js";

/** A tool file of its own agent: `get_events` reading `path` of the event service. */
const toolFile = (path: string) =>
  [
    "- kind: request",
    "  method: GET",
    "  name: get_events",
    "  description: Use this when you need to get events",
    `  url: "{{$vars.base_url}}${path}"`,
  ].join("\n");

/** A scenario whose model calls get_events once and expects it to answer `status`. */
const scenario = (lines: string[], status: number) =>
  [
    "name: list",
    ...lines,
    "profile: standard",
    "messages: Which events are there?",
    "model:",
    "  scripted:",
    "    - calls: [{ tool: get_events }]",
    "    - answer: Some.",
    "expect:",
    `  calls: [{ tool: get_events, match: subset, status: ${status} }]`,
  ].join("\n");

/** Two agents (two tool files) with a `get_events` each: the events, and a path the service does not have. */
function twoFlows(lines: string[], status = 200): string {
  return hostileProject({
    "tools/events.yaml": toolFile("/events"),
    "tools/missing.yaml": toolFile("/no-such-path"),
    "scenarios/list.yaml": scenario(lines, status),
  });
}

describe("run: a scenario whose tools hold several agents with a tool of one name says which", () => {
  test("a bare name two agents have is an error listing them, as call's", async () => {
    const dir = twoFlows(["tools: [../tools/]"]);
    const { exit, stdout } = await tooldeckIn(dir, ["run", "scenarios/list.yaml"]);
    expect(exit).toBe(2);
    expect(stdout).toContain(
      "✗ scenarios/list.yaml — scenarios/list.yaml (list): get_events is in 2 agents: ../tools/events.yaml, ../tools/missing.yaml — choose one with flow: FILE",
    );
    const called = await tooldeckIn(dir, ["call", "get_events", "--tools", "tools/"]);
    expect(called.stderr).toContain(
      "get_events is in 2 agents: tools/events.yaml, tools/missing.yaml — name one as FILE:NAME",
    );
  });

  test.each([
    ["flow: ../tools/events.yaml", 200],
    ["flow: ../tools/missing.yaml", 404],
  ])("%s gives the model that agent's tools", async (flow, status) => {
    const dir = twoFlows(["tools: [../tools/]", flow], status);
    const { exit, stdout, stderr } = await tooldeckIn(dir, ["run", "scenarios/list.yaml"]);
    expect(stderr).toBe("");
    expect(stdout).toContain("1 passed, 0 failed");
    expect(exit).toBe(0);
  });

  test("a later entry's tool still replaces the flow's one of the same name", async () => {
    const dir = twoFlows(["tools: [../tools/, ../tools/events.yaml]", "flow: ../tools/missing.yaml"]);
    const { exit, stdout } = await tooldeckIn(dir, ["run", "scenarios/list.yaml"]);
    expect(stdout).toContain("1 passed, 0 failed");
    expect(exit).toBe(0);
  });

  test("a flow no tool is of is an error naming the flows there are", async () => {
    const dir = twoFlows(["tools: [../tools/]", "flow: ../tools/other.yaml"]);
    const { exit, stdout } = await tooldeckIn(dir, ["run", "scenarios/list.yaml"]);
    expect(exit).toBe(2);
    expect(stdout).toContain(
      "✗ scenarios/list.yaml — scenarios/list.yaml (list): no tool is of the flow '../tools/other.yaml' (flows: ../tools/events.yaml, ../tools/missing.yaml)",
    );
  });

  test("entries of one agent each still layer: the later file's tool replaces the earlier's", async () => {
    const dir = twoFlows(["tools: [../tools/missing.yaml, ../tools/events.yaml]"]);
    const { stdout, exit } = await tooldeckIn(dir, ["run", "scenarios/list.yaml"]);
    expect(stdout).toContain("1 passed, 0 failed");
    expect(exit).toBe(0);
  });

  test("flow: names one agent of a file holding several (an Export data file's chatflow)", async () => {
    const chatflow = (name: string, path: string) => ({
      id: name,
      name,
      flowData: JSON.stringify({
        nodes: [
          {
            id: "requestsGet_0",
            data: {
              name: "requestsGet",
              inputs: {
                requestsGetUrl: `http://localhost:5566${path}`,
                requestsGetName: "get_events",
                requestsGetDescription: "Use this when you need to get events",
              },
            },
          },
        ],
      }),
    });
    const exported = { ChatFlow: [chatflow("Desk", "/events"), chatflow("Broken", "/no-such-path")] };
    const write = (lines: string[], status: number) =>
      hostileProject({
        "flowise/export.json": JSON.stringify(exported),
        "scenarios/list.yaml": scenario(lines, status),
      });
    const bare = write(["tools: [../flowise/export.json]"], 200);
    expect((await tooldeckIn(bare, ["run", "scenarios/list.yaml"])).stdout).toContain(
      "get_events is in 2 agents: ../flowise/export.json › Desk, ../flowise/export.json › Broken — choose one with flow: FILE",
    );
    for (const [agent, status] of [
      ["Desk", 200],
      ["Broken", 404],
    ] as const) {
      const dir = write(
        ["tools: [../flowise/export.json]", `flow: "../flowise/export.json › ${agent}"`],
        status,
      );
      const { exit, stdout } = await tooldeckIn(dir, ["run", "scenarios/list.yaml"]);
      expect(stdout).toContain("1 passed, 0 failed");
      expect(exit).toBe(0);
    }
  });
});
