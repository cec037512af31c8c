import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { listenDuringTests, loopbackServer } from "../support/loopback-server.js";
import { tooldeckWithEnv } from "../support/run-tooldeck.js";

/** The seeded document store of the embedded Flowise emulator (seeds/flowise/document-stores/). */
const SEEDED_STORE = "d0c5e7a1-0000-4000-8000-000000000001";

/**
 * A pull request's tool that upserts text of its choosing into a document store configured with
 * openAIEmbeddings and a model of its choosing: with the runner's key, this is the key spent on OpenAI.
 */
const UPSERT_TOOL = {
  kind: "request",
  method: "POST",
  name: "remember",
  description: "Use this to remember a note",
  url: `{{$vars.flowise_url}}/api/v1/document-store/upsert/${SEEDED_STORE}`,
  headers: { Authorization: "Bearer {{$vars.flowise_api_key}}" },
  body: {
    loader: { name: "plainText", config: { text: "text the pull request sends to OpenAI" } },
    embedding: { name: "openAIEmbeddings", config: { modelName: "text-embedding-3-large" } },
    vectorStore: { name: "faiss" },
  },
};

const openAI = loopbackServer();
listenDuringTests(openAI);

/** The runner's environment: a real-looking key, and the OpenAI base URL on the recording server. */
function runnerEnv(): Record<string, string> {
  return { OPENAI_API_KEY: "sk-runner-secret", OPENAI_BASE_URL: `http://${openAI.host()}/v1` };
}

beforeEach(() => {
  for (const [name, value] of Object.entries(runnerEnv())) vi.stubEnv(name, value);
});
afterEach(() => {
  vi.unstubAllEnvs();
});

function project(): string {
  const dir = mkdtempSync(join(tmpdir(), "tooldeck-runner-keys-"));
  writeFileSync(join(dir, "tools.json"), JSON.stringify([UPSERT_TOOL]));
  return dir;
}

const tooldeck = (...args: string[]) => tooldeckWithEnv(runnerEnv(), ...args);

describe("a default run spends no provider key of the environment", () => {
  test("check: the upsert is probed against the emulator, which embeds locally", async () => {
    const { stdout } = await tooldeck("check", project(), "--format", "json");
    expect(stdout).toContain('"remember"');
    expect(openAI.requests).toEqual([]);
  });

  test("call: the upsert succeeds with the local embedding, and nothing reaches OPENAI_BASE_URL", async () => {
    const { exit, stdout } = await tooldeck("call", "remember", "--tools", project());
    expect(exit).toBe(0);
    expect(stdout).toContain('"numAdded":1');
    expect(openAI.requests).toEqual([]);
  });

  test("run: a scripted scenario that calls the upsert sends nothing either", async () => {
    const dir = project();
    writeFileSync(
      join(dir, "remember.yaml"),
      [
        "name: remember",
        "tools: [tools.json]",
        "messages: Remember this",
        "model:",
        "  scripted:",
        "    - calls: [{ tool: remember, args: {} }]",
        "    - answer: done",
        "expect:",
        "  calls:",
        "    - { tool: remember, outcome: ok, status: 200 }",
      ].join("\n"),
    );
    const { exit, stdout } = await tooldeck("run", join(dir, "remember.yaml"));
    expect(stdout).toContain("1 passed, 0 failed");
    expect(exit).toBe(0);
    expect(openAI.requests).toEqual([]);
  });
});
