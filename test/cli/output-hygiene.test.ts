import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { runCli } from "../../src/cli/run-cli.js";
import { captureIo } from "../support/capture-io.js";
import {
  reorderingCharacters,
  terminalControls,
  workflowCommandLines,
} from "../support/unsafe-characters.js";

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
    const url = request.url ?? "";
    response.writeHead(url.endsWith("/fail") ? 500 : 200, {
      "content-type": "text/plain",
      "x-note": "##[add-mask]c",
    });
    // `/commands…`: an answer written to command the CI runner that prints call's output.
    response.end(url.startsWith("/commands") ? `ok${ATTACK}\n  ::add-mask::x` : `${HOSTILE}\r\nsecond line`);
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

  test.each(["/commands", "/commands/fail"])(
    "call %s --verbose: the output keeps its lines, none commands the runner",
    async (path) => {
      const captured = captureIo();
      const tools = toolsWith(tool("read", path));
      const exit = await runCli(
        ["call", "read", "--tools", tools, "--base-url", baseUrl, "--verbose"],
        captured.io,
      );
      expect(exit).toBe(path.endsWith("/fail") ? 1 : 0);
      expectDisarmed(captured.stdout() + captured.stderr());
      expect(captured.stdout()).toContain("\n  \\u003a:add-mask::x");
    },
  );

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

/** What a pull request writes to command the CI runner that prints tooldeck's output. */
const ATTACK = "\n::error file=x::pwned\u202e ##[add-mask]leak";

/** Our own annotations of `--format github`: the one kind of line that may be a workflow command. */
const OWN_ANNOTATION = /^::(error|warning|notice) file=[^:,]+,(line=\d+,col=\d+,)?title=[a-z-]+::/;

/** Asserts the printed text holds the attack, visibly, and nothing a runner or a reader would obey. */
function expectDisarmed(printed: string, ownAnnotations = false) {
  expect(printed).toContain("pwned");
  expect(reorderingCharacters(printed)).toEqual([]);
  expect(terminalControls(printed)).toEqual([]);
  const commands = workflowCommandLines(printed);
  expect(ownAnnotations ? commands.filter((line) => !OWN_ANNOTATION.test(line)) : commands).toEqual([]);
}

/** One tool named with the attack, and one whose description and query param key (a YAML key) hold it. */
const hostileTools = [
  { ...tool(`read${ATTACK}`, "/events"), description: `Use this to read${ATTACK}` },
  {
    ...tool("read_one", "/events/:id", `Use this to read one${ATTACK}`),
    queryParamsSchema: {
      id: { type: "string", in: "path" },
      [`q${ATTACK}`]: { type: "string", in: "query", description: `the q${ATTACK}` },
    },
  },
];

async function cli(...args: string[]) {
  const captured = captureIo();
  const exit = await runCli(args, captured.io);
  return { exit, stdout: captured.stdout(), stderr: captured.stderr() };
}

describe("a pull request's text cannot command the CI runner (`::error`, `::add-mask::`, `##[`, U+202E)", () => {
  test.each(
    ["stylish", "json", "sarif", "junit", "github"].flatMap((format) => [
      [format, "standard"],
      [format, "flowise"],
    ]),
  )("check --format %s, profile %s", async (format, profile) => {
    const { stdout, stderr } = await cli(
      "check",
      toolsWith(...hostileTools),
      "--format",
      format,
      "--profile",
      profile,
    );
    expectDisarmed(stdout + stderr, format === "github");
  });

  test("a config key the loader refuses: the finding, and the error line of call", async () => {
    const keyed = { ...tool("read", "/events"), [`bad${ATTACK}`]: 1 };
    const checked = await cli("check", toolsWith(keyed));
    expectDisarmed(checked.stdout + checked.stderr);
    const called = await cli("call", "read", "--tools", toolsWith(keyed));
    expect(called.exit).toBe(2);
    expectDisarmed(called.stderr);
  });

  test.each([[[]], [["--json"]]])("tools %j", async (extra) => {
    const { exit, stdout, stderr } = await cli("tools", toolsWith(...hostileTools), ...extra);
    expect(exit).toBe(0);
    expectDisarmed(stdout + stderr);
  });

  test("mcp --list", async () => {
    const { exit, stdout, stderr } = await cli("mcp", "--list", toolsWith(...hostileTools));
    expect(exit).toBe(0);
    expectDisarmed(stdout + stderr);
  });

  test.each(["text", "json", "junit"])(
    "run --format %s: a scenario's name, messages and answer",
    async (format) => {
      const dir = toolsWith(tool("get_events", "/events", `Use this to read${ATTACK}`));
      writeFileSync(
        join(dir, "s.yaml"),
        [
          `name: ${JSON.stringify(`hostile${ATTACK}`)}`,
          "tools: [tools.json]",
          "profile: standard",
          `messages: ${JSON.stringify(`hi${ATTACK}`)}`,
          "model:",
          "  scripted:",
          "    - calls: [{ tool: get_events, args: {} }]",
          `    - answer: ${JSON.stringify(`done${ATTACK}`)}`,
          "expect:",
          `  answer: { contains: ${JSON.stringify(`never${ATTACK}`)} }`,
        ].join("\n"),
      );
      const { exit, stdout, stderr } = await cli("run", join(dir, "s.yaml"), "--format", format);
      expect(exit).toBe(1);
      expectDisarmed(stdout + stderr);
    },
  );
});
