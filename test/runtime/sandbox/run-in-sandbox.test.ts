import { describe, expect, test } from "vitest";
import { createGuestFetch } from "../../../src/runtime/sandbox/guest-fetch.js";
import {
  type HostFunction,
  runInSandbox,
  type SandboxRun,
} from "../../../src/runtime/sandbox/run-in-sandbox.js";

const run = (code: string, options: Partial<SandboxRun> = {}) =>
  runInSandbox({ code, timeoutMs: 5000, ...options });

/** A prelude that gives the code `fetch` over the host function of the same name. */
const FETCH_PRELUDE = `(host) => { globalThis.fetch = (${createGuestFetch})(host.fetch); }`;

describe("runInSandbox", () => {
  test("runs a function body with JSON globals, await allowed, and gives its value and typeof", async () => {
    const outcome = await run("const x = await Promise.resolve($a.n + 1); return [x, $url];", {
      globals: { $a: { n: 1 }, $url: "u" },
    });
    expect(outcome).toEqual({ ok: true, type: "object", value: [2, "u"] });
  });

  test.each([
    ["return;", { ok: true, type: "undefined" }],
    ["return null;", { ok: true, type: "null", value: null }],
    ["return 0;", { ok: true, type: "number", value: 0 }],
    ["return false;", { ok: true, type: "boolean", value: false }],
    ["return () => 1;", { ok: true, type: "function" }],
    ["return 10n;", { ok: true, type: "bigint" }],
    ["return Symbol('s');", { ok: true, type: "symbol" }],
    ["const a = {}; a.self = a; return a;", { ok: true, type: "object" }],
    ["return [undefined, () => 1, NaN];", { ok: true, type: "object", value: [null, null, null] }],
    ["return { then(resolve) { resolve('thenable'); } };", { ok: true, type: "string", value: "thenable" }],
  ])("%s gives %j (a value JSON cannot carry comes as its type alone)", async (code, outcome) => {
    expect(await run(code)).toEqual(outcome);
  });

  test.each([
    ["return (", { reason: "compile", message: "unexpected token in expression: '}'" }],
    ["throw new Error('nope')", { reason: "throw", message: "nope" }],
    ["return missing.x", { reason: "throw", message: "'missing' is not defined" }],
    [
      "return eval('1')",
      { reason: "throw", message: "Code generation from strings disallowed for this context" },
    ],
    [
      "return new Function('return 1')()",
      { reason: "throw", message: "Code generation from strings disallowed for this context" },
    ],
    ["await Promise.reject(new TypeError('late'))", { reason: "throw", message: "late" }],
  ])("%s fails: %j", async (code, failure) => {
    expect(await run(code)).toEqual({ ok: false, ...failure });
  });

  test("globals set by one run are gone in the next (a fresh engine context per run)", async () => {
    expect(await run("globalThis.left = 1; Object.prototype.polluted = 2; return 'set';")).toMatchObject({
      ok: true,
    });
    expect(await run("return [typeof left, typeof ({}).polluted];")).toEqual({
      ok: true,
      type: "object",
      value: ["undefined", "undefined"],
    });
  });

  test("timers run on the worker's clock, in order, and clear", async () => {
    const code = `const seen = [];
await new Promise((done) => {
  setTimeout((tag) => seen.push(tag), 30, "late");
  const cleared = setTimeout(() => seen.push("never"), 5);
  clearTimeout(cleared);
  let ticks = 0;
  const interval = setInterval(() => { seen.push("tick"); if (++ticks === 2) clearInterval(interval); }, 1);
  setTimeout(done, 60);
});
return seen;`;
    expect(await run(code)).toEqual({ ok: true, type: "object", value: ["tick", "tick", "late"] });
  });

  test("a host function gets the guest's value as JSON and its answer comes back; a throw rejects with its message", async () => {
    const seen: unknown[] = [];
    const host: Record<string, HostFunction> = {
      echo: async (value) => {
        seen.push(value);
        return { got: value };
      },
      refuse: async () => {
        throw new Error("no such thing");
      },
    };
    const prelude = "(host) => { globalThis.echo = host.echo; globalThis.refuse = host.refuse; }";
    const code = `const answer = await echo({ a: [1, "x"], skipped: () => 1 });
try { await refuse(1); } catch (e) { return [answer, e.message]; }`;
    expect(await run(code, { host, prelude })).toEqual({
      ok: true,
      type: "object",
      value: [{ got: { a: [1, "x"] } }, "no such thing"],
    });
    expect(seen).toEqual([{ a: [1, "x"] }]);
  });

  test("a host function's signal aborts when the run ends", async () => {
    let aborted = false;
    const host: Record<string, HostFunction> = {
      hang: (_value, signal) =>
        new Promise(() => {
          signal.addEventListener("abort", () => {
            aborted = true;
          });
        }),
    };
    const outcome = await run("await hang(1); return 'never';", {
      host,
      prelude: "(host) => { globalThis.hang = host.hang; }",
      timeoutMs: 200,
    });
    expect(outcome).toEqual({ ok: false, reason: "timeout", message: "timed out" });
    expect(aborted).toBe(true);
  });

  test("the caller's signal stops a run", async () => {
    const controller = new AbortController();
    const running = run("await null; while (true) {}", { signal: controller.signal, timeoutMs: 10_000 });
    setTimeout(() => controller.abort(), 50);
    expect(await running).toEqual({ ok: false, reason: "aborted", message: "aborted" });
    expect(await run("return 'after'")).toEqual({ ok: true, type: "string", value: "after" });
  });

  test("globals JSON cannot carry are refused before anything runs", async () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    await expect(run("return 1", { globals: { $flow: cyclic } })).rejects.toThrow(/circular/i);
  });

  test("more memory than the engine's cap is refused", async () => {
    await expect(run("return 1", { memoryBytes: 512 * 1024 * 1024 })).rejects.toThrow(
      "a sandbox gets at most 268435456 bytes of memory, not 536870912",
    );
  });
});

describe("the guest's fetch", () => {
  const answering =
    (answer: Record<string, unknown>, seen: unknown[] = []): HostFunction =>
    async (request) => {
      seen.push(request);
      return { url: "http://x.test/a", status: 201, statusText: "Created", headers: [], body: "", ...answer };
    };

  test("sends the method, lower-cased headers from an object, pairs or a Response's headers, and a string body", async () => {
    const seen: unknown[] = [];
    const code = `const first = await fetch("http://x.test/a", { method: "post", headers: { "X-A": "1" }, body: "hi" });
await fetch({ url: "http://x.test/b", method: "PUT" }, { headers: [["x-b", "2"], ["X-B", "3"]] });
await fetch("http://x.test/c", { headers: first.headers });
return "sent";`;
    const host = { fetch: answering({ headers: [["set-cookie", "a=1"]] }, seen) };
    expect(await run(code, { host, prelude: FETCH_PRELUDE })).toMatchObject({ ok: true, value: "sent" });
    expect(seen).toEqual([
      { url: "http://x.test/a", method: "post", headers: { "x-a": "1" }, body: "hi" },
      { url: "http://x.test/b", method: "PUT", headers: { "x-b": "2, 3" } },
      { url: "http://x.test/c", headers: { "set-cookie": "a=1" } },
    ]);
  });

  test("answers with status, ok, statusText, url, headers and the body as text or JSON", async () => {
    const host = {
      fetch: answering({
        status: 404,
        statusText: "Not Found",
        headers: [
          ["x-a", "1"],
          ["x-a", "2"],
        ],
        body: '{"n":1}',
      }),
    };
    const code = `const r = await fetch("http://x.test/a");
const seen = [];
r.headers.forEach((value, name) => seen.push(name + "=" + value));
return [r.status, r.ok, r.statusText, r.url, r.headers.get("X-A"), r.headers.has("x-b"), seen, await r.text(), (await r.json()).n];`;
    expect(await run(code, { host, prelude: FETCH_PRELUDE })).toMatchObject({
      ok: true,
      value: [404, false, "Not Found", "http://x.test/a", "1, 2", false, ["x-a=1", "x-a=2"], '{"n":1}', 1],
    });
  });

  test("a body that is not a string is refused inside the guest, before anything is sent", async () => {
    const seen: unknown[] = [];
    const code =
      "try { await fetch('http://x.test', { body: { a: 1 } }); } catch (e) { return e.name + ': ' + e.message; }";
    expect(await run(code, { host: { fetch: answering({}, seen) }, prelude: FETCH_PRELUDE })).toMatchObject({
      value: "TypeError: fetch sends only string bodies here",
    });
    expect(seen).toEqual([]);
  });
});
