import { describe, expect, test } from "vitest";
import { runCli } from "../../src/cli/run-cli.js";
import { captureIo } from "../support/capture-io.js";
import { twoFlows } from "../support/two-flows.js";

async function tooldeck(...args: string[]) {
  const captured = captureIo();
  const exit = await runCli(args, captured.io);
  return { exit, stdout: captured.stdout(), stderr: captured.stderr() };
}

describe("each flow is its own agent", () => {
  test("lint a.json b.json: two flows with the same tool names are both checked, no duplicate error", async () => {
    const { a, b } = twoFlows();
    const { exit, stdout } = await tooldeck("lint", a, b, "--format", "json");
    const report = JSON.parse(stdout) as {
      tools: { name: string; file: string }[];
      diagnostics: { code: string; file: string }[];
    };
    // The tutorial flow's planted defects (exit 1), in each flow, and no load error (exit 2).
    expect(exit).toBe(1);
    expect(report.diagnostics.filter((d) => d.code === "config-invalid")).toEqual([]);
    expect(report.tools.filter((tool) => tool.name === "get_events").map((tool) => tool.file)).toEqual([
      a,
      b,
    ]);
    const notFound = report.diagnostics.filter((d) => d.code === "operation-not-found");
    expect(notFound.map((d) => d.file)).toEqual([a, b]);
  });

  test("call get_events with two flows loaded: the candidates, and how to name one", async () => {
    const { a, b } = twoFlows();
    const { exit, stderr } = await tooldeck("call", "get_events", "--tools", a, "--tools", b);
    expect(exit).toBe(2);
    expect(stderr).toBe(
      `tooldeck call: get_events is in 2 agents: ${a} › Agent A, ${b} › Agent B — name one as FILE:NAME\n`,
    );
  });

  test.each([
    ["FILE:NAME", ["b.json:get_events"]],
    ["--flow FILE", ["get_events", "--flow", "b.json"]],
  ])("call %s runs that flow's tool", async (_how, args) => {
    const { a, b } = twoFlows();
    const { exit, stdout } = await tooldeck(
      "call",
      ...args,
      "--profile",
      "standard",
      "--tools",
      a,
      "--tools",
      b,
    );
    // The tutorial flow's URL is {{$vars.base_url}}/events: called, it reaches the embedded emulator.
    expect(exit).toBe(0);
    expect(JSON.parse(stdout)[0].name).toBe("Tech Conference 2024");
  });

  test("call with a flow no tool is of names the flows", async () => {
    const { a, b } = twoFlows();
    const { exit, stderr } = await tooldeck(
      "call",
      "get_events",
      "--flow",
      "c.json",
      "--tools",
      a,
      "--tools",
      b,
    );
    expect(exit).toBe(2);
    expect(stderr).toBe(
      `tooldeck call: no tool is of the flow 'c.json' (flows: ${a} › Agent A, ${b} › Agent B)\n`,
    );
  });

  test("agent with two flows of one name: refused, naming both and --flow", async () => {
    const { a, b } = twoFlows();
    const { exit, stderr } = await tooldeck("agent", "List events", "--tools", a, "--tools", b);
    expect(exit).toBe(2);
    expect(stderr).toBe(
      `tooldeck agent: get_events is in 2 agents: ${a} › Agent A, ${b} › Agent B — choose one with --flow FILE\n`,
    );
  });
});
