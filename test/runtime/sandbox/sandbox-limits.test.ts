import { describe, expect, test } from "vitest";
import { runInSandbox } from "../../../src/runtime/sandbox/run-in-sandbox.js";
import { createSandboxPool } from "../../../src/runtime/sandbox/sandbox-pool.js";

const TIMED_OUT = { ok: false, reason: "timeout", message: "timed out" };
const OUT_OF_MEMORY = { ok: false, reason: "memory", message: "out of memory" };

const run = (code: string, timeoutMs = 300) => runInSandbox({ code, timeoutMs });

/**
 * What tooldeck's own event loop did while the guest ran: a host timer set for 20 ms fires before
 * the run's outcome arrives, since the guest never runs on tooldeck's thread.
 */
async function firstToFinish(code: string, timeoutMs = 300) {
  const order: string[] = [];
  const host = new Promise((resolve) => setTimeout(resolve, 20)).then(() => order.push("tooldeck"));
  const outcome = await run(code, timeoutMs).then((value) => {
    order.push("guest");
    return value;
  });
  await host;
  return { outcome, first: order[0] };
}

describe("every limit ends the run, and tooldeck's event loop goes on meanwhile", () => {
  test.each([
    ["a catastrophic regular expression", "return /(a+)+$/.test('a'.repeat(40) + '!')"],
    ["a synchronous endless loop", "while (true) {}"],
    ["an endless loop after an await", "await null; for (;;) {}"],
    ["a promise that never settles", "await new Promise(() => {}); return 'never';"],
    ["a setInterval loop", "await new Promise(() => setInterval(() => {}, 1));"],
    ["a timer chain", "await new Promise(() => { const tick = () => setTimeout(tick, 0); tick(); });"],
    ["an endless promise chain", "const spin = () => Promise.resolve().then(spin); await spin();"],
    ["a getter that never returns, read for the result", "return { get x() { for (;;) {} } };"],
    ["a toJSON that never returns", "return { toJSON() { for (;;) {} } };"],
    ["a thrown value whose message never comes", "throw { get message() { for (;;) {} } };"],
    // Built-ins that never check for an interrupt (nested JSON.stringify ran 36 s, a naive indexOf
    // 163 s when measured): the worker is terminated instead.
    [
      "JSON.stringify of deeply nested arrays",
      "let a = []; for (let i = 0; i < 100000; i++) a = [a]; return JSON.stringify(a).length;",
    ],
    ["a quadratic string search", "return 'a'.repeat(2e7).indexOf('a'.repeat(1e4) + 'b');"],
  ])("%s: stopped at the time limit", async (_, code) => {
    expect(await firstToFinish(code)).toEqual({ outcome: TIMED_OUT, first: "tooldeck" });
  });

  test.each([
    ["a huge string", "return 'a'.repeat(1e9).length", OUT_OF_MEMORY],
    ["a huge array", "return new Array(1e8).fill(0).length", OUT_OF_MEMORY],
    ["a heap bomb", "const a = []; while (true) a.push(new Array(1e5).fill(a.length));", OUT_OF_MEMORY],
    [
      "a heap bomb held by a global",
      "globalThis.a = []; while (true) a.push('x'.repeat(1e5) + a.length);",
      OUT_OF_MEMORY,
    ],
    ["typed arrays kept", "globalThis.a = []; while (true) a.push(new Uint8Array(1e6));", OUT_OF_MEMORY],
    [
      "deep recursion",
      "const f = () => f() + 1; return f();",
      { ok: false, reason: "throw", message: "stack overflow" },
    ],
    [
      "deep recursion through a built-in",
      "const f = () => [1].map(f); return f();",
      { ok: false, reason: "throw", message: "stack overflow" },
    ],
  ])("%s: stopped by the engine's limits", async (_, code, outcome) => {
    expect(await run(code, 10_000)).toEqual(outcome);
  });

  test("a run that spins does not hold up another run on another worker", async () => {
    const pool = createSandboxPool({ workers: 2 });
    const controller = new AbortController();
    let spinning = true;
    const spinner = runInSandbox({
      code: "while (true) {}",
      timeoutMs: 10_000,
      signal: controller.signal,
      pool,
    }).finally(() => {
      spinning = false;
    });
    expect(await runInSandbox({ code: "return 'beside it'", timeoutMs: 5000, pool })).toEqual({
      ok: true,
      type: "string",
      value: "beside it",
    });
    expect(spinning).toBe(true);
    controller.abort();
    expect(await spinner).toEqual({ ok: false, reason: "aborted", message: "aborted" });
  });

  test("an abort that comes while a worker is being taken ends the run unrun", async () => {
    const controller = new AbortController();
    const outcome = runInSandbox({ code: "return 'ran'", timeoutMs: 1000, signal: controller.signal });
    controller.abort();
    expect(await outcome).toEqual({ ok: false, reason: "aborted", message: "aborted" });
  });

  test("running out of memory is the guest's to catch, and the limit holds: about 64 MiB of 1 MiB strings", async () => {
    const code = `try { globalThis.kept = []; while (true) kept.push("x".repeat(1024 * 1024) + kept.length); }
catch (e) { const n = kept.length; kept = null; return e.message + " after " + (n >= 64 && n < 96 ? "64 to 96" : n) + " MiB"; }`;
    expect(await run(code, 10_000)).toEqual({
      ok: true,
      type: "string",
      value: "out of memory after 64 to 96 MiB",
    });
  });

  test("a run given more memory gets more", async () => {
    const code = `globalThis.kept = []; try { while (true) kept.push("x".repeat(1024 * 1024)); } catch { return kept.length > 128; }`;
    const outcome = await runInSandbox({ code, timeoutMs: 10_000, memoryBytes: 160 * 1024 * 1024 });
    expect(outcome).toEqual({ ok: true, type: "boolean", value: true });
  });

  test("after every kind of ending, the next run works", async () => {
    await run("while (true) {}", 100);
    await run("let a = []; for (let i = 0; i < 100000; i++) a = [a]; return JSON.stringify(a);", 100);
    await run("const f = () => f(); f();");
    await run("globalThis.a = []; while (true) a.push(new Array(1e5).fill(1));", 10_000);
    expect(await run("return 'still here'")).toEqual({ ok: true, type: "string", value: "still here" });
  });
});
