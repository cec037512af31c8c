import { createSocket } from "node:dgram";
import { readdirSync, readFileSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createGuestFetch } from "../../../src/runtime/sandbox/guest-fetch.js";
import { type HostFunction, runInSandbox } from "../../../src/runtime/sandbox/run-in-sandbox.js";

const FETCH_PRELUDE = `(host) => { globalThis.fetch = (${createGuestFetch})(host.fetch); }`;
const run = (code: string, host: Record<string, HostFunction> = {}) =>
  runInSandbox({ code, timeoutMs: 5000, host, prelude: FETCH_PRELUDE });

/** A host fetch that builds an undici Request from what the guest sent, as tooldeck's fetch does. */
const undiciFetch: HostFunction = async (value) => {
  const request = new Request((value as { url: string }).url);
  return { url: request.url, status: 200, statusText: "OK", headers: [], body: "pong" };
};

describe("the review's escape and its variants", () => {
  test("a getter for undici's global origin on Object.prototype: the host's Request never sees it", async () => {
    const key = Symbol.for("undici.globalOrigin.1");
    const code = `let reached = "nothing";
Object.defineProperty(Object.prototype, Symbol.for("undici.globalOrigin.1"), {
  configurable: true,
  get() { reached = typeof this.process + "/" + typeof this.getBuiltinModule; return undefined; },
});
const answer = await (await fetch("http://x.test/a")).text();
let own;
try { own = new Request("/x"); } catch (e) { own = e.message; }
return [answer, reached, own];`;
    let seenDuringFetch: boolean | undefined;
    const fetch: HostFunction = async (value, signal) => {
      seenDuringFetch = key in Object.prototype;
      return undiciFetch(value, signal);
    };
    const outcome = await run(code, { fetch });
    expect(outcome).toEqual({
      ok: true,
      type: "object",
      value: ["pong", "nothing", "'Request' is not defined"],
    });
    expect(seenDuringFetch).toBe(false);
    expect(key in Object.prototype).toBe(false);
  });

  test("prototype pollution inside the guest touches nothing of the host's", async () => {
    const code = `Object.prototype.polluted = "yes";
Array.prototype.polluted = "yes";
JSON.parse = () => ({ forged: true });
JSON.stringify = () => '"forged"';
String.prototype.toString = () => "forged";
await fetch("http://x.test/a", { headers: { __proto__: { "x-inherited": "1" } } });
return { plain: 1 };`;
    const seen: unknown[] = [];
    const fetch: HostFunction = async (value, signal) => {
      seen.push(value);
      return undiciFetch(value, signal);
    };
    const outcome = await run(code, { fetch });
    expect(outcome).toEqual({ ok: true, type: "object", value: { plain: 1 } });
    expect(seen).toEqual([{ url: "http://x.test/a", headers: {} }]);
    expect(Object.getPrototypeOf((outcome as { value: object }).value)).toBe(Object.prototype);
    expect([
      ({} as Record<string, unknown>).polluted,
      ([] as unknown as Record<string, unknown>).polluted,
    ]).toEqual([undefined, undefined]);
    expect(JSON.parse('{"a":1}')).toEqual({ a: 1 });
  });

  const PROCESS_REACHES = [
    ["this's constructor chain", "this.constructor.constructor('return process')()"],
    ["globalThis's constructor chain", "globalThis.constructor.constructor('return process')()"],
    ["fetch's constructor", "fetch.constructor('return process')()"],
    ["a timer's constructor", "setTimeout.constructor('return process')()"],
    ["an async function's constructor", "(async () => {}).constructor('return process')()"],
    [
      "a generator's constructor",
      "Object.getPrototypeOf(function* () {}).constructor('return process')().next().value",
    ],
    [
      "an async generator's constructor",
      "Reflect.getPrototypeOf(async function* () {}).constructor('return process')",
    ],
    ["a Response's method", "(await fetch('http://x.test/')).text.constructor('return process')()"],
    ["eval", "eval('process')"],
    ["indirect eval", "(0, globalThis.eval)('process')"],
    ["an import", "await import('node:process')"],
    ["require", "require('node:process')"],
    ["a global", "process"],
  ];

  test.each(PROCESS_REACHES)("%s reaches nothing of Node", async (_, reach) => {
    const code = `let found;
try { found = ${reach}; } catch (e) { return "refused: " + e.message; }
return typeof found?.getBuiltinModule;`;
    const outcome = await run(code, { fetch: undiciFetch });
    expect(outcome).toMatchObject({ ok: true, type: "string" });
    const text = (outcome as { value: string }).value;
    expect(
      [
        "refused: Code generation from strings disallowed for this context",
        "refused: could not load module 'node:process'",
        "refused: 'require' is not defined",
        "refused: 'process' is not defined",
      ].includes(text),
      text,
    ).toBe(true);
  });

  test("the guest's globals are ECMAScript's, the timers and what the prelude gave: nothing of Node or the web", async () => {
    const outcome = await run("return Object.getOwnPropertyNames(globalThis).sort();");
    expect(outcome).toEqual({
      ok: true,
      type: "object",
      value: [
        ...["AggregateError", "Array", "ArrayBuffer", "BigInt", "BigInt64Array", "BigUint64Array", "Boolean"],
        ...["DataView", "Date", "Error", "EvalError", "FinalizationRegistry", "Float16Array", "Float32Array"],
        ...["Float64Array", "Function", "Infinity", "Int16Array", "Int32Array", "Int8Array", "InternalError"],
        ...["Iterator", "JSON", "Map", "Math", "NaN", "Number", "Object", "Promise", "Proxy", "RangeError"],
        ...[
          "ReferenceError",
          "Reflect",
          "RegExp",
          "Set",
          "SharedArrayBuffer",
          "String",
          "Symbol",
          "SyntaxError",
        ],
        ...[
          "TypeError",
          "URIError",
          "Uint16Array",
          "Uint32Array",
          "Uint8Array",
          "Uint8ClampedArray",
          "WeakMap",
        ],
        ...[
          "WeakRef",
          "WeakSet",
          "clearInterval",
          "clearTimeout",
          "decodeURI",
          "decodeURIComponent",
          "encodeURI",
        ],
        ...["encodeURIComponent", "escape", "eval", "fetch", "globalThis", "isFinite", "isNaN", "parseFloat"],
        ...["parseInt", "setInterval", "setTimeout", "undefined", "unescape"],
      ],
    });
  });

  test("a stack trace names only the guest's own frames", async () => {
    const outcome = await run("return new Error('where').stack;");
    expect(outcome).toEqual({ ok: true, type: "string", value: "    at <anonymous> (code.js:2:17)\n" });
  });
});

describe("what the guest returns or throws is read inside the engine", () => {
  test("a getter runs in the guest and the host gets plain data", async () => {
    const outcome = await run("let reads = 0; return { get x() { reads += 1; return reads; } };");
    expect(outcome).toEqual({ ok: true, type: "object", value: { x: 1 } });
    const value = (outcome as { value: object }).value;
    expect(Object.getOwnPropertyDescriptor(value, "x")).toEqual({
      value: 1,
      writable: true,
      enumerable: true,
      configurable: true,
    });
  });

  test("a proxy answers for itself inside the guest; the host gets what JSON made of it", async () => {
    const code = `return new Proxy({}, {
  ownKeys: () => ["a"],
  getOwnPropertyDescriptor: () => ({ value: 1, enumerable: true, configurable: true }),
  get: (_, key) => (key === "a" ? "from the trap" : undefined),
});`;
    expect(await run(code)).toEqual({ ok: true, type: "object", value: { a: "from the trap" } });
  });

  test("a toJSON that throws leaves only the type", async () => {
    expect(await run("return { toJSON() { throw new Error('no'); } };")).toEqual({
      ok: true,
      type: "object",
    });
  });

  test.each([
    ["a string", "throw 'plain string'", "plain string"],
    ["a number", "throw 42", "42"],
    ["null", "throw null", "null"],
    ["undefined", "throw undefined", "undefined"],
    ["an object with a message", "throw { message: 'from an object' }", "from an object"],
    ["an object whose message is not text", "throw { message: 5 }", "[object Object]"],
    ["a symbol", "throw Symbol('s')", "Symbol(s)"],
    [
      "an object whose toString throws",
      "throw { toString() { throw 1; } }",
      "a value that cannot be turned into text",
    ],
    [
      "a proxy that throws on every read",
      "throw new Proxy({}, { get() { throw 1; } })",
      "a value that cannot be turned into text",
    ],
  ])("a thrown %s is read as text", async (_, code, message) => {
    expect(await run(code)).toEqual({ ok: false, reason: "throw", message });
  });

  test("a thrown message is cut at 4000 characters", async () => {
    const outcome = await run("throw new Error('m'.repeat(100000));");
    expect(outcome).toEqual({ ok: false, reason: "throw", message: `${"m".repeat(4000)}…` });
  });

  test("a result over 11 MiB of JSON is refused inside the worker, not copied out", async () => {
    expect(await run("return 'x'.repeat(12 * 1024 * 1024);")).toEqual({
      ok: false,
      reason: "output",
      message: "its result is over 11534336 characters",
    });
  });

  test("a host call's argument over 11 MiB is refused before it leaves the engine", async () => {
    const seen: unknown[] = [];
    const fetch: HostFunction = async (value, signal) => {
      seen.push(value);
      return undiciFetch(value, signal);
    };
    const code =
      "try { await fetch('http://x.test/', { method: 'POST', body: 'x'.repeat(12 * 1024 * 1024) }); } catch (e) { return e.message; }";
    expect(await run(code, { fetch })).toEqual({
      ok: true,
      type: "string",
      value: "fetch: its argument is over 11534336 characters",
    });
    expect(seen).toEqual([]);
  });
});

describe("the machine: sockets, files, processes", () => {
  let dir: string;
  let tcp: Server;
  let unix: Server;
  const udp = createSocket("udp4");
  const received: string[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "tooldeck-sandbox-"));
    const listen = (server: Server, ...args: unknown[]) =>
      new Promise<void>((resolve) => server.listen(...(args as [number]), () => resolve()));
    tcp = createServer((socket) => received.push(`tcp ${socket.remoteAddress}`));
    unix = createServer(() => received.push("unix"));
    udp.on("message", (message) => received.push(`udp ${message.length}`));
    await listen(tcp, 0, "127.0.0.1");
    await listen(unix, join(dir, "docker.sock"));
    await new Promise<void>((resolve) => udp.bind(0, "127.0.0.1", resolve));
  });
  afterAll(() => {
    tcp.close();
    unix.close();
    udp.close();
  });

  /** Every route an escaped guest took in the review, tried from inside the engine. */
  function attack(): string {
    const tcpPort = (tcp.address() as { port: number }).port;
    const udpPort = udp.address().port;
    const socketPath = join(dir, "docker.sock");
    return `const tried = [];
const attempt = async (name, act) => { try { await act(); tried.push(name + ": done"); } catch (e) { tried.push(name + ": " + e.message); } };
const reach = () => this.constructor.constructor("return process")();
await attempt("tcp", () => reach().getBuiltinModule("net").connect(${tcpPort}, "127.0.0.1"));
await attempt("udp", () => reach().getBuiltinModule("dgram").createSocket("udp4").send("x", ${udpPort}, "127.0.0.1"));
await attempt("unix", () => reach().getBuiltinModule("net").connect(${JSON.stringify(socketPath)}));
await attempt("import", () => import("node:net"));
await attempt("signal", () => reach().kill(1, "SIGKILL"));
await attempt("trace", () => reach().getBuiltinModule("trace_events").createTracing({ categories: ["v8"] }).enable());
await attempt("file", () => reach().getBuiltinModule("fs").writeFileSync(${JSON.stringify(join(dir, "pwned"))}, "x"));
await attempt("fetch", () => fetch("http://127.0.0.1:${tcpPort}/"));
return tried;`;
  }

  test("no socket is opened, no signal sent, no file or trace written, no process started", async () => {
    const cwdBefore = readdirSync(process.cwd()).sort();
    const fetch: HostFunction = async (value) => {
      throw new Error(`refused: host ${new URL((value as { url: string }).url).host} is not allowed`);
    };
    const running = run(attack(), { fetch });
    const childrenDuring = childProcesses();
    const outcome = await running;
    const refused = "Code generation from strings disallowed for this context";
    const tcpPort = (tcp.address() as { port: number }).port;
    expect(outcome).toEqual({
      ok: true,
      type: "object",
      value: [
        `tcp: ${refused}`,
        `udp: ${refused}`,
        `unix: ${refused}`,
        "import: could not load module 'node:net'",
        `signal: ${refused}`,
        `trace: ${refused}`,
        `file: ${refused}`,
        `fetch: refused: host 127.0.0.1:${tcpPort} is not allowed`,
      ],
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received).toEqual([]);
    expect(readdirSync(dir)).toEqual(["docker.sock"]);
    expect(readdirSync(process.cwd()).sort()).toEqual(cwdBefore);
    expect(childrenDuring).toEqual([]);
    expect(childProcesses()).toEqual([]);
  });
});

/** The processes this test process started (Linux: /proc/self/task/<tid>/children). */
function childProcesses(): string[] {
  return readdirSync("/proc/self/task").flatMap((task) =>
    readFileSync(`/proc/self/task/${task}/children`, "utf8").split(" ").filter(Boolean),
  );
}
