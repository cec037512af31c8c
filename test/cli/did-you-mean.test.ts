import { describe, expect, test } from "vitest";
import { runCli } from "../../src/cli/run-cli.js";
import { captureIo } from "../support/capture-io.js";

async function stderrOf(args: string[]) {
  const { io, stderr } = captureIo();
  const code = await runCli(args, io);
  return { code, stderr: stderr() };
}

describe("did you mean: commands and flags", () => {
  test.each([
    [["chek"], "tooldeck: unknown command 'chek', did you mean check? (see 'tooldeck --help')\n"],
    [["sever"], "tooldeck: unknown command 'sever', did you mean serve? (see 'tooldeck --help')\n"],
    [["frobnicate"], "tooldeck: unknown command 'frobnicate' (see 'tooldeck --help')\n"],
    [
      ["run", "--updat"],
      "tooldeck run: Unknown option '--updat', did you mean --update? (see 'tooldeck run --help')\n",
    ],
    [
      ["check", "--fail-onn", "error"],
      "tooldeck check: Unknown option '--fail-onn', did you mean --fail-on? (see 'tooldeck check --help')\n",
    ],
    [["serve", "--bogus"], "tooldeck serve: Unknown option '--bogus' (see 'tooldeck serve --help')\n"],
  ])("%j", async (args, message) => {
    expect(await stderrOf(args)).toEqual({ code: 2, stderr: message });
  });
});
