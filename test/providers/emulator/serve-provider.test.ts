import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ChatAnthropic } from "@langchain/anthropic";
import { tool } from "@langchain/core/tools";
import { describe, expect, test } from "vitest";
import { z } from "zod";
import { runCli } from "../../../src/cli/run-cli.js";
import { captureIo } from "../../support/capture-io.js";

const search = tool(async () => "ok", {
  name: "search_events",
  description: "Find events",
  schema: z.object({ city: z.string() }),
});

describe("tooldeck serve --provider", () => {
  test("--help documents --provider and --script", async () => {
    const { io, stdout } = captureIo();
    expect(await runCli(["serve", "--help"], io)).toBe(0);
    expect(stdout()).toContain("--provider NAME");
    expect(stdout()).toContain("--script FILE");
  });

  test("serves Anthropic's Messages API on a free port, the script's turns to ChatAnthropic, until aborted", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tooldeck-provider-"));
    const script = join(dir, "script.yaml");
    writeFileSync(
      script,
      "- calls:\n    - tool: search_events\n      args: { city: Oslo }\n- answer: Two events.\n",
    );
    const stop = new AbortController();
    const { io, stdout } = captureIo(stop.signal);
    const exit = runCli(
      ["serve", "--provider", "anthropic", "--port", "0", "--script", script, "--root", dir],
      io,
    );
    await expect.poll(() => stdout()).toContain("Press Ctrl+C");
    const url = /Anthropic emulator listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout())?.[1] as string;
    expect(stdout()).toContain(`ANTHROPIC_BASE_URL=${url}`);
    const model = new ChatAnthropic({
      model: "claude-sonnet-4-5",
      apiKey: "k",
      anthropicApiUrl: url,
      maxRetries: 0,
    });
    const call = await model.bindTools([search]).invoke("events?");
    expect(call.tool_calls?.[0]).toMatchObject({ name: "search_events", args: { city: "Oslo" } });
    stop.abort();
    expect(await exit).toBe(0);
    expect(stdout()).toContain("stopped");
  });

  test.each([
    [
      ["--provider", "bedrock"],
      "tooldeck serve: --provider must be one of openai, anthropic, gemini, got 'bedrock'\n",
    ],
    [["--script", "x.yaml"], "tooldeck serve: --script needs --provider NAME\n"],
  ])("%j is a usage error", async (args, message) => {
    const { io, stderr } = captureIo();
    expect(await runCli(["serve", ...args], io)).toBe(2);
    expect(stderr()).toBe(message);
  });

  test("a script that is not a list of turns is refused, naming the file and the field", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tooldeck-provider-"));
    const script = join(dir, "script.json");
    writeFileSync(script, JSON.stringify([{ say: "hi" }]));
    const { io, stderr } = captureIo();
    expect(
      await runCli(["serve", "--provider", "openai", "--port", "0", "--script", script, "--root", dir], io),
    ).not.toBe(0);
    expect(stderr()).toContain(`${script}: `);
  });
});
