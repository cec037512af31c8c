import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { runCli } from "../../src/cli/run-cli.js";
import { captureIo } from "../support/capture-io.js";
import { terminalControls } from "../support/unsafe-characters.js";

/** What a hostile server answers: clear the screen, retitle the terminal, a NUL, a C1 CSI. */
const HOSTILE = "\u001b[2J\u001b]0;pwned\u0007 nul\u0000 csi\u009b31m";
const SHOWN = "\\u001b[2J\\u001b]0;pwned\\u0007 nul\\u0000 csi\\u009b31m";

function toolsWith(...tools: object[]): string {
  const dir = mkdtempSync(join(tmpdir(), "tooldeck-hygiene-"));
  writeFileSync(join(dir, "tools.json"), JSON.stringify(tools));
  return dir;
}

const tool = (name: string, path: string, description = "Use this to read") => ({
  kind: "request",
  method: "GET",
  name,
  description,
  url: `{{$vars.base_url}}${path}`,
});

describe("a hostile server's control characters never reach the terminal raw", () => {
  const hostile = createServer((request, response) => {
    response.writeHead(request.url === "/fail" ? 500 : 200, { "content-type": "text/plain" });
    response.end(`${HOSTILE}\r\nsecond line`);
  });
  let baseUrl = "";
  beforeAll(async () => {
    await new Promise<void>((resolve) => hostile.listen(0, "127.0.0.1", () => resolve()));
    baseUrl = `http://127.0.0.1:${(hostile.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => hostile.close(() => resolve())));

  async function call(name: string, path: string) {
    const captured = captureIo();
    const tools = toolsWith(tool(name, path));
    const exit = await runCli(["call", name, "--tools", tools, "--base-url", baseUrl], captured.io);
    return { exit, stdout: captured.stdout(), stderr: captured.stderr() };
  }

  test("call prints the output with them escaped, piped too (a CI log obeys them as well)", async () => {
    const { exit, stdout } = await call("read", "/ok");
    expect(exit).toBe(0);
    expect(stdout).toBe(`${SHOWN}\r\nsecond line\n`);
  });

  test("a failed call's output and error line show them escaped", async () => {
    const { exit, stdout, stderr } = await call("read", "/fail");
    expect(exit).toBe(1);
    expect(terminalControls(stdout)).toEqual([]);
    expect(terminalControls(stderr)).toEqual([]);
    expect(stdout).toContain(SHOWN);
  });
});

describe("a hostile config's control characters never reach the terminal raw", () => {
  test("tools shows a description's escape sequences escaped", async () => {
    const captured = captureIo();
    const tools = toolsWith(tool("read", "/x", `Use this to read ${HOSTILE}`));
    expect(await runCli(["tools", tools], captured.io)).toBe(0);
    expect(terminalControls(captured.stdout())).toEqual([]);
    expect(captured.stdout()).toContain(`Use this to read ${SHOWN}`);
  });

  test("a load error naming a file whose name holds them shows them escaped", async () => {
    const captured = captureIo();
    const tools = mkdtempSync(join(tmpdir(), "tooldeck-hygiene-"));
    writeFileSync(join(tools, `x${HOSTILE.replace("\u0000", "")}.json`), "{oops");
    expect(await runCli(["tools", tools], captured.io)).toBe(2);
    expect(captured.stderr()).toContain("tooldeck tools: ");
    expect(terminalControls(captured.stderr())).toEqual([]);
  });
});
