import { describe, expect, test } from "vitest";
import { runCli } from "../../src/cli/run-cli.js";
import { captureIo } from "../support/capture-io.js";

async function usageError(args: string[]) {
  const { io, stdout, stderr } = captureIo();
  const code = await runCli(args, io);
  return { code, stdout: stdout(), stderr: stderr() };
}

describe("a negative number given to a numeric flag is a clear one-line error", () => {
  test.each([
    [
      ["serve", "--events-port", "-1"],
      "tooldeck serve: --events-port must be a port number from 0 to 65535, got '-1'",
    ],
    [
      ["serve", "--flowise-port", "-3000"],
      "tooldeck serve: --flowise-port must be a port number from 0 to 65535, got '-3000'",
    ],
    [
      ["serve", "--spec", "tools/event-api.openapi.yaml", "--port", "-1"],
      "tooldeck serve: --port must be a port number from 0 to 65535, got '-1'",
    ],
    [
      ["mcp", "--transport", "http", "--port", "-4020"],
      "tooldeck mcp: --port must be a port number from 0 to 65535, got '-4020'",
    ],
    [
      ["check", "--timeout", "-5"],
      "tooldeck check: --timeout must be a positive number of milliseconds, got '-5'",
    ],
    [
      ["lint", "--timeout", "-0.5"],
      "tooldeck lint: --timeout must be a positive number of milliseconds, got '-0.5'",
    ],
    [
      ["check", "--timeout=-5"],
      "tooldeck check: --timeout must be a positive number of milliseconds, got '-5'",
    ],
  ])("%j", async (args, message) => {
    expect(await usageError(args)).toEqual({ code: 2, stdout: "", stderr: `${message}\n` });
  });

  test("a dash that is no number is still read as a flag: the value is missing", async () => {
    const { code, stderr } = await usageError(["check", "--timeout", "--quiet"]);
    expect(code).toBe(2);
    expect(stderr).toBe(
      "tooldeck check: Option '--timeout' argument is ambiguous. (see 'tooldeck check --help')\n",
    );
  });

  test("after --, a negative number is a positional as before", async () => {
    const { code, stderr } = await usageError(["serve", "--", "-1"]);
    expect({ code, stderr }).toEqual({ code: 2, stderr: "tooldeck serve: unexpected argument '-1'\n" });
  });
});
