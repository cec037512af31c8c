import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { runCli } from "../../src/cli/run-cli.js";

/** Runs `tooldeck serve --only flowise` until it listens (or fails); `stop()` ends it with its exit code. */
async function startServe(args: string[], env: Record<string, string> = {}) {
  const abort = new AbortController();
  const out: string[] = [];
  const err: string[] = [];
  const io = {
    stdout: (t: string) => void out.push(t),
    stderr: (t: string) => void err.push(t),
    env,
    signal: abort.signal,
  };
  const exit = runCli(["serve", "--only", "flowise", "--flowise-port", "0", "--api-key", "k", ...args], io);
  await expect.poll(() => out.join("") + err.join("")).toMatch(/Press Ctrl\+C|tooldeck serve:/);
  return {
    stdout: () => out.join(""),
    stderr: () => err.join(""),
    url: /Flowise API listening on (\S+)/.exec(out.join(""))?.[1],
    stop: () => {
      abort.abort();
      return exit;
    },
  };
}

describe("tooldeck serve: document stores", () => {
  test("prints which embedding serves, and serves the seeded store", async () => {
    const run = await startServe([]);
    expect(run.stdout()).toContain(
      "Document store embeddings: local hashed n-gram embedding (512 dimensions, no network) for every embedding name (no OpenAI key given)\n",
    );
    const response = await fetch(`${run.url}/document-store/store`, {
      headers: { authorization: "Bearer k" },
    });
    expect(
      ((await response.json()) as { name: string; status: string }[]).map((store) => [
        store.name,
        store.status,
      ]),
    ).toEqual([["Event Service Guide", "UPSERTED"]]);
    expect(await run.stop()).toBe(0);
  });

  test("--openai-key makes openAIEmbeddings call OpenAI at OPENAI_BASE_URL", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tooldeck-seed-"));
    mkdirSync(join(dir, "chatflows"));
    const run = await startServe(["--openai-key", "sk-test", "--seed", dir], {
      OPENAI_BASE_URL: "http://127.0.0.1:9/v1",
    });
    expect(run.stdout()).toContain(
      "Document store embeddings: OpenAI (http://127.0.0.1:9/v1) for openAIEmbeddings; local hashed n-gram embedding (512 dimensions, no network) for every other name\n",
    );
    expect(await run.stop()).toBe(0);
  });

  test("TOOLDECK_OPENAI_KEY gives serve the key; OPENAI_API_KEY alone does not", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tooldeck-seed-"));
    mkdirSync(join(dir, "chatflows"));
    const remote =
      "Document store embeddings: OpenAI (http://127.0.0.1:9/v1) for openAIEmbeddings; local hashed n-gram embedding (512 dimensions, no network) for every other name\n";
    const local =
      "Document store embeddings: local hashed n-gram embedding (512 dimensions, no network) for every embedding name (no OpenAI key given)\n";
    const given = await startServe(["--seed", dir], {
      TOOLDECK_OPENAI_KEY: "sk-test",
      OPENAI_BASE_URL: "http://127.0.0.1:9/v1",
    });
    expect(given.stdout()).toContain(remote);
    expect(await given.stop()).toBe(0);
    const ambient = await startServe(["--seed", dir], {
      OPENAI_API_KEY: "sk-runner",
      OPENAI_BASE_URL: "http://127.0.0.1:9/v1",
    });
    expect(ambient.stdout()).toContain(local);
    expect(await ambient.stop()).toBe(0);
  });

  test("a seed store that cannot be upserted stops serve with one line naming it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tooldeck-seed-"));
    mkdirSync(join(dir, "chatflows"));
    mkdirSync(join(dir, "document-stores"));
    writeFileSync(
      join(dir, "document-stores", "bad.json"),
      JSON.stringify({
        id: "s1",
        name: "Bad",
        embedding: { name: "openAIEmbeddings" },
        vectorStore: { name: "faiss" },
        loaders: [{ id: "l1", loader: { name: "pdfFile", config: {} } }],
      }),
    );
    const run = await startServe(["--seed", dir]);
    expect(await run.stop()).toBe(2);
    expect(run.stderr()).toBe(
      'tooldeck serve: document store seed: store "Bad", loader l1: Loader pdfFile is not supported by the emulator without files: it loads plainText (config.text) and uploaded text files\n',
    );
  });
});
