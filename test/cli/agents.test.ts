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
});
