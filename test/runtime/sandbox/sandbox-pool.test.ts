import { describe, expect, test } from "vitest";
import { createEventService } from "../../../src/emulator/events/event-service.js";
import { packagePath } from "../../../src/package/package-root.js";
import { runInSandbox } from "../../../src/runtime/sandbox/run-in-sandbox.js";
import { createSandboxPool, type SandboxPool } from "../../../src/runtime/sandbox/sandbox-pool.js";
import { createToolkit } from "../../../src/runtime/toolkit/create-toolkit.js";
import { customTool } from "../../platforms/flowise/custom-tool/run/custom-tool-harness.js";

const ok = (value: unknown) => ({ ok: true, type: typeof value, value });

describe("a run beyond the pool's workers waits its turn", () => {
  test("24 runs at once on 2 workers: never more than 2 threads alive, every result right", async () => {
    const pool = createSandboxPool({ workers: 2 });
    const runs = Array.from({ length: 24 }, (_, index) =>
      runInSandbox({ code: "await null; return $n * 2", globals: { $n: index }, timeoutMs: 5000, pool }),
    );
    expect(pool.stats().waiting).toBeGreaterThan(0);
    expect(await Promise.all(runs)).toEqual(Array.from({ length: 24 }, (_, index) => ok(index * 2)));
    expect(pool.stats().mostAlive).toBe(2);
    expect(pool.memoryBytes).toBe(2 * 64 * 1024 * 1024);
  });

  test("one scripted turn of 24 parallel Custom Tool calls (the issue's repro) stays within the pool", async () => {
    const sandbox = createSandboxPool({ workers: 2 });
    const pooled = customTool(
      "return 'city ' + $city;",
      [{ property: "city", type: "string", description: "a city", required: true }],
      { sandbox },
    );
    const calls = Array.from({ length: 24 }, (_, index) => pooled.invoke({ city: `c${index}` }));
    const outputs = (await Promise.all(calls)).map((result) => result.output);
    expect(outputs).toEqual(Array.from({ length: 24 }, (_, index) => `city c${index}`));
    expect(sandbox.stats().mostAlive).toBeLessThanOrEqual(2);
  });

  test("24 parallel toolkit Custom Code calls, each fetching, stay within the pool", async () => {
    const sandbox = createSandboxPool({ workers: 2 });
    const service = createEventService();
    const tools = await createToolkit(
      {
        kind: "openapi-toolkit",
        spec: "event-api.openapi.yaml",
        customCode: "const response = await fetch($url, $options); return (await response.json()).id;",
      },
      {
        specBaseDir: packagePath("tools"),
        fetch: (input, init) => service.fetch(new Request(input, init)),
        allowCode: true,
        sandbox,
      },
    );
    const get = tools.find((tool) => tool.name === "getEventById");
    const calls = Array.from({ length: 24 }, () => get?.invoke({ PathParameters: { id: "1" } }));
    const results = await Promise.all(calls);
    expect(results.map((result) => result?.output)).toEqual(Array(24).fill("1"));
    expect(sandbox.stats().mostAlive).toBeLessThanOrEqual(2);
  });

  test("waiting runs are served first come, first served", async () => {
    const pool = createSandboxPool({ workers: 1 });
    const order: number[] = [];
    const runs = [0, 1, 2, 3, 4].map((index) =>
      runInSandbox({ code: "return $n", globals: { $n: index }, timeoutMs: 5000, pool }).then(() =>
        order.push(index),
      ),
    );
    await Promise.all(runs);
    expect(order).toEqual([0, 1, 2, 3, 4]);
    expect(pool.stats().mostAlive).toBe(1);
  });
});

describe("limits with a pool", () => {
  test("a run that spins to its limit ends only its own run: the others' results come back", async () => {
    const pool = createSandboxPool({ workers: 2 });
    const spinner = runInSandbox({ code: "while (true) {}", timeoutMs: 300, pool });
    const others = Array.from({ length: 10 }, (_, index) =>
      runInSandbox({ code: "return $n", globals: { $n: index }, timeoutMs: 5000, pool }),
    );
    expect(await spinner).toEqual({ ok: false, reason: "timeout", message: "timed out" });
    expect(await Promise.all(others)).toEqual(Array.from({ length: 10 }, (_, index) => ok(index)));
    expect(pool.stats().mostAlive).toBeLessThanOrEqual(2);
  });

  test("a run's time limit counts from when it runs, not while it waits for the worker", async () => {
    const pool = createSandboxPool({ workers: 1 });
    // The first holds the only worker for 600 ms; the second then needs 500 ms of its 1000: 1,100 ms
    // from its call, within its limit from its start.
    const first = runInSandbox({
      code: "await new Promise((r) => setTimeout(r, 600)); return 1",
      timeoutMs: 5000,
      pool,
    });
    const second = runInSandbox({
      code: "await new Promise((r) => setTimeout(r, 500)); return 2",
      timeoutMs: 1000,
      pool,
    });
    expect(await Promise.all([first, second])).toEqual([ok(1), ok(2)]);
  });

  test("waiting has no limit of its own: a run behind a spinner gets its whole time once it starts", async () => {
    const pool = createSandboxPool({ workers: 1 });
    const spinner = runInSandbox({ code: "while (true) {}", timeoutMs: 400, pool });
    const behind = runInSandbox({ code: "return 1", timeoutMs: 100, pool });
    expect(await Promise.all([spinner, behind])).toEqual([
      { ok: false, reason: "timeout", message: "timed out" },
      ok(1),
    ]);
    expect(pool.stats()).toMatchObject({ waiting: 0, running: 0, mostAlive: 1 });
  });

  test("an abort while waiting takes the run out of the line", async () => {
    const pool = createSandboxPool({ workers: 1 });
    const holder = runInSandbox({
      code: "await new Promise((r) => setTimeout(r, 300)); return 1",
      timeoutMs: 5000,
      pool,
    });
    const controller = new AbortController();
    const waiting = runInSandbox({ code: "return 2", timeoutMs: 5000, pool, signal: controller.signal });
    await new Promise((resolve) => setImmediate(resolve));
    expect(pool.stats().waiting).toBe(1);
    controller.abort();
    expect(await waiting).toEqual({ ok: false, reason: "aborted", message: "aborted" });
    expect(pool.stats().waiting).toBe(0);
    expect(await holder).toEqual(ok(1));
  });

  test("a worker stopped at a limit is replaced: the next run gets a fresh thread, the pool never grows", async () => {
    const pool = createSandboxPool({ workers: 1 });
    expect(await runInSandbox({ code: "while (true) {}", timeoutMs: 100, pool })).toMatchObject({
      reason: "timeout",
    });
    expect(
      await runInSandbox({
        code: "const a = []; while (true) a.push(new Array(1e5).fill(1));",
        timeoutMs: 10_000,
        pool,
      }),
    ).toMatchObject({ reason: "memory" });
    expect(await runInSandbox({ code: "return typeof globalThis.a", timeoutMs: 5000, pool })).toEqual(
      ok("undefined"),
    );
    expect(pool.stats().mostAlive).toBe(1);
  });

  test("a run asking more memory than the whole bound runs alone", async () => {
    const pool = createSandboxPool({ workers: 1 });
    const code =
      "globalThis.kept = []; try { while (true) kept.push('x'.repeat(1024 * 1024)); } catch { return kept.length > 100; }";
    const big = runInSandbox({ code, timeoutMs: 10_000, memoryBytes: 128 * 1024 * 1024, pool });
    const small = runInSandbox({ code: "return 1", timeoutMs: 10_000, pool });
    expect(await Promise.all([big, small])).toEqual([ok(true), ok(1)]);
    expect(pool.stats().mostAlive).toBe(1);
  });

  test.each([0, -1, 1.5, Number.NaN])("a pool of %s workers is refused", (workers) => {
    expect(() => createSandboxPool({ workers })).toThrow(
      `a sandbox pool needs a whole number of workers of at least 1, not ${workers}`,
    );
  });

  test("a smaller size ends the idle workers past it", async () => {
    const pool: SandboxPool = createSandboxPool({ workers: 2 });
    await Promise.all([1, 2].map((n) => runInSandbox({ code: `return ${n}`, timeoutMs: 5000, pool })));
    pool.resize(1);
    expect(pool.workers).toBe(1);
    expect(await runInSandbox({ code: "return 3", timeoutMs: 5000, pool })).toEqual(ok(3));
  });
});
