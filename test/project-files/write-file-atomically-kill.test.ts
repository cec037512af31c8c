import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { packagePath } from "../../src/package/package-root.js";
import { type Cassette, readCassette, writeCassette } from "../../src/replay/cassette.js";

/**
 * Killing tooldeck while it writes a file (issue 28: SIGKILL during `run --update` of a 4.5 MB cassette
 * left a 0-byte file, and the next run failed with `invalid JSON`). A child process running the built
 * writer (tsc's output; writeCassette and `check --fix` go through it, test/architecture/atomic-writes
 * holds every write to it) rewrites a large cassette over and over and is killed at varying moments:
 * after every kill the cassette is one of the two complete versions, and what the dead writer left is a
 * hidden temporary file no loader reads, which the next write removes.
 */
const WRITER_MODULE = packagePath("dist", "src", "project-files", "write-file-atomically.js");
const KILLS = 50;
const work = mkdtempSync(join(tmpdir(), "tooldeck-kill-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A cassette of about 4.6 MB: 1,500 recorded calls of 1.5 KB answers; `answer` tells the versions apart. */
function largeCassette(answer: string, bodySize: number): Cassette {
  const body = JSON.stringify({ events: "x".repeat(bodySize) });
  const call = (i: number) => ({
    source: "agent" as const,
    tool: "get_events",
    args: { id: i },
    ok: true,
    output: body,
    request: { method: "GET", url: `http://events.test/events/${i}`, headers: {} },
    response: { status: 200, statusText: "OK", headers: { "content-type": "application/json" }, body },
    stateDigest: `digest-${i}`,
  });
  const calls = Array.from({ length: 1_500 }, (_, i) => call(i));
  return {
    version: 1,
    scenario: "kill",
    profile: "standard",
    messages: ["hi"],
    calls,
    answer,
    stateDigest: "s",
  };
}

/** Rewrites the file with the given texts in turn until killed; says "writing" before the first write. */
const WRITER = `
import { readFileSync } from "node:fs";
const { writeFileAtomically } = await import(process.argv[1]);
const [path, ...textFiles] = process.argv.slice(2);
const texts = textFiles.map((file) => readFileSync(file, "utf8"));
process.stdout.write("writing\\n");
for (let i = 1; ; i++) writeFileAtomically(path, texts[i % texts.length]);
`;

/** Starts the writer, waits until it writes, lets it write for `ms`, and kills it with SIGKILL. */
async function killWhileWriting(args: string[], ms: number): Promise<void> {
  const child = spawn(process.execPath, ["--input-type=module", "-e", WRITER, WRITER_MODULE, ...args], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise((resolve) => child.on("exit", resolve));
  await new Promise<void>((resolve, reject) => {
    child.stdout.once("data", () => resolve());
    child.once("exit", (code) => reject(new Error(`the writer exited (${code}) before writing`)));
  });
  await new Promise((resolve) => setTimeout(resolve, ms));
  child.kill("SIGKILL");
  await exited;
}

test(`a cassette killed mid-write ${KILLS} times is always the old or the new one, whole`, async () => {
  expect(existsSync(WRITER_MODULE), "run npm run build first").toBe(true);
  const versions = [largeCassette("first", 1_500), largeCassette("second", 1_450)];
  const texts = versions.map((cassette) => `${JSON.stringify(cassette, null, 2)}\n`);
  expect(texts[0]?.length).toBeGreaterThan(4_500_000);
  const textFiles = texts.map((text, i) => {
    const file = join(work, `version-${i}.json`);
    writeFileSync(file, text);
    return file;
  });
  const folder = join(work, "cassettes");
  const path = join(folder, "kill.json");
  writeCassette(path, versions[0] as Cassette);

  let interrupted = 0;
  for (let kill = 0; kill < KILLS; kill++) {
    // Moments spread over the first few writes (each takes tens of milliseconds): in one, between two.
    await killWhileWriting([path, ...textFiles], (kill * 7) % 100);
    const text = readFileSync(path, "utf8");
    expect(texts.includes(text), `after kill ${kill + 1}: ${text.length} bytes, neither version`).toBe(true);
    const left = readdirSync(folder).filter((name) => name !== "kill.json");
    for (const name of left) expect(name).toMatch(/^\.kill\.json\.\d+\.[0-9a-f]{8}\.tmp$/);
    if (left.length > 0) interrupted++;
  }
  console.info(`${interrupted} of ${KILLS} kills interrupted a write`);
  // The kills did land inside writes: a killed write leaves its temporary file for the next to clear.
  expect(interrupted).toBeGreaterThan(0);

  writeCassette(path, versions[1] as Cassette);
  expect(readdirSync(folder)).toEqual(["kill.json"]);
  expect(readCassette(path)).toEqual(versions[1]);
}, 120_000);
