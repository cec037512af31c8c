import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { runCli } from "../../../src/cli/run-cli.js";
import { packagePath } from "../../../src/package/package-root.js";
import { captureIo } from "../../support/capture-io.js";

const TOOLS = packagePath("tools");

function scriptFile(): { dir: string; path: string } {
  const dir = mkdtempSync(join(tmpdir(), "tooldeck-agent-provider-"));
  const path = join(dir, "script.json");
  const turns = [
    { calls: [{ tool: "get_events", args: { queryParams: { id: "1" } } }] },
    { answer: "Event 1 is the Tech Conference 2024." },
  ];
  writeFileSync(path, JSON.stringify(turns));
  return { dir, path };
}

async function agent(...args: string[]) {
  const captured = captureIo();
  captured.io.env = {};
  const exit = await runCli(["agent", "What is event 1?", ...args, "--tools", TOOLS], captured.io);
  return { exit, stdout: captured.stdout(), stderr: captured.stderr() };
}

describe("tooldeck agent --emulate-provider", () => {
  test.each(["openai:gpt-4o-mini", "anthropic:claude-sonnet-4-5", "google-genai:gemini-2.5-flash"])(
    "%s: the real class, the emulator's scripted turns, no key: the call and the answer are printed",
    async (model) => {
      const script = scriptFile();
      const { exit, stdout, stderr } = await agent(
        "--model",
        model,
        "--emulate-provider",
        "--script",
        script.path,
        "--root",
        script.dir,
      );
      expect(stderr).toBe("");
      expect(exit).toBe(0);
      expect(stdout).toContain('→ get_events {"queryParams":{"id":"1"}}');
      expect(stdout).toContain("  < 200 OK");
      expect(stdout.endsWith("Event 1 is the Tech Conference 2024.\n")).toBe(true);
    },
  );

  test("without a script the model answers that the tools were accepted", async () => {
    const { exit, stdout } = await agent("--model", "openai:gpt-4o-mini", "--emulate-provider");
    expect(exit).toBe(0);
    expect(stdout).toMatch(/^The openai emulator accepted the request's \d+ tools\.\n$/);
  });

  test.each([
    [
      ["--model", "mistralai:large", "--emulate-provider"],
      "tooldeck agent: an emulated model is openai, anthropic, google-genai:<model>, got 'mistralai:large'\n",
    ],
    [
      ["--model", "openai:gpt-4o", "--script", "x.json"],
      "tooldeck agent: --script needs --emulate-provider\n",
    ],
  ])("%j is a usage error", async (args, message) => {
    const { exit, stderr } = await agent(...args);
    expect(exit).toBe(2);
    expect(stderr).toBe(message);
  });
});
