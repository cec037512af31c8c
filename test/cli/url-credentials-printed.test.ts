import { describe, expect, test } from "vitest";
import { runCli } from "../../src/cli/run-cli.js";
import { captureIo } from "../support/capture-io.js";
import { hostileProject } from "../support/hostile-project.js";
import { tooldeckIn } from "../support/run-tooldeck.js";

/** A CI job's instance address, its password inline: nothing tooldeck prints may show it. */
const PASSWORD = "Pw0rd9xQ";
const WITH_PASSWORD = `http://admin:${PASSWORD}@127.0.0.1:1/`;

describe("a URL's user-info is printed as *** in every line", () => {
  test.each([
    [
      "lint --n8n",
      ["lint", "--n8n", WITH_PASSWORD],
      "http://***@127.0.0.1:1/api/v1/workflows: cannot connect",
    ],
    [
      "check --n8n",
      ["check", "--n8n", WITH_PASSWORD],
      "http://***@127.0.0.1:1/api/v1/workflows: cannot connect",
    ],
    [
      "lint --flowise",
      ["lint", "--flowise", WITH_PASSWORD],
      "Flowise http://***@127.0.0.1:1/api/v1/chatflows",
    ],
  ])("%s: the error names the instance without its password", async (_, args, named) => {
    const run = await tooldeckIn(hostileProject(), args);
    expect(run.exit).toBe(2);
    expect(run.stdout + run.stderr).not.toContain(PASSWORD);
    expect(run.stderr).toContain(named);
  });

  test("proxy --target: the listening line shows the target without its password", async () => {
    const stop = new AbortController();
    const captured = captureIo(stop.signal);
    const before = process.cwd();
    process.chdir(hostileProject());
    try {
      const run = runCli(["proxy", "--target", WITH_PASSWORD, "--port", "0"], captured.io);
      await expect.poll(() => captured.stdout()).toContain("Press Ctrl+C");
      stop.abort();
      await run;
    } finally {
      process.chdir(before);
    }
    expect(captured.stdout() + captured.stderr()).not.toContain(PASSWORD);
    expect(captured.stdout()).toMatch(
      /^proxy listening on http:\/\/127\.0\.0\.1:\d+ → http:\/\/\*\*\*@127\.0\.0\.1:1\//,
    );
  });
});
