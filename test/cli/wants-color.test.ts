import { describe, expect, test } from "vitest";
import type { CliIo } from "../../src/cli/cli-io.js";
import { runCli } from "../../src/cli/run-cli.js";
import { captureIo } from "../support/capture-io.js";

/** `tooldeck lint` on tools/ (findings of every severity) with this environment and stdout. */
async function lintPainted(env: Record<string, string>, terminal: boolean): Promise<boolean> {
  const { io, stdout } = captureIo(undefined, env);
  const withTerminal: CliIo = { ...io, isTTY: { stdout: terminal, stderr: false } };
  await runCli(["lint"], withTerminal);
  expect(stdout()).toContain("operation-not-found");
  return stdout().includes("\u001b[");
}

describe("colours: a terminal, FORCE_COLOR, NO_COLOR, TERM=dumb", () => {
  test.each([
    ["a terminal", {}, true, true],
    ["a pipe", {}, false, false],
    ["FORCE_COLOR=1 into a pipe (a CI log that renders colours)", { FORCE_COLOR: "1" }, false, true],
    ["FORCE_COLOR set empty into a pipe", { FORCE_COLOR: "" }, false, true],
    ["FORCE_COLOR=3 into a pipe", { FORCE_COLOR: "3" }, false, true],
    ["FORCE_COLOR=0 on a terminal", { FORCE_COLOR: "0" }, true, false],
    ["FORCE_COLOR=false on a terminal", { FORCE_COLOR: "false" }, true, false],
    ["NO_COLOR=1 on a terminal", { NO_COLOR: "1" }, true, false],
    ["NO_COLOR set empty on a terminal (no-color.org: ignored)", { NO_COLOR: "" }, true, true],
    ["FORCE_COLOR=1 beats NO_COLOR=1, as in Node", { FORCE_COLOR: "1", NO_COLOR: "1" }, false, true],
    ["TERM=dumb on a terminal", { TERM: "dumb" }, true, false],
  ])("%s", async (_name, env, terminal, painted) => {
    expect(await lintPainted(env, terminal)).toBe(painted);
  });
});
