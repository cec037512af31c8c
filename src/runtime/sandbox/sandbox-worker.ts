import type { MessagePort } from "node:worker_threads";
import type {
  CustomizeVariantOptions,
  QuickJSContext,
  QuickJSDeferredPromise,
  QuickJSHandle,
  QuickJSSyncVariant,
  QuickJSWASMModule,
} from "quickjs-emscripten-core";
import type {
  CallAnswer,
  FromWorker,
  HostCall,
  RunRequest,
  SandboxWorkerData,
  ToWorker,
  WorkerOutcome,
} from "./sandbox-protocol.js";

/**
 * The program of a sandbox worker thread: the sources of the functions below and a call of
 * `serveSandbox` (the worker is started with `eval`, so a bundler's or vitest's rewriting of this
 * module's imports cannot break it). Each function uses only the others, its parameters and globals.
 */
export function sandboxWorkerProgram(): string {
  const parts = [serveSandbox, startGuestRun, readOutcome, readText];
  return `${parts.map(String).join("\n")}\nserveSandbox(require);`;
}

/** A run in progress, as the worker's message loop drives it. */
export interface GuestRun {
  answer(message: CallAnswer): void;
  cancel(): void;
}

/** The guest-side helpers the bootstrap returns, held by the worker for the run. */
export interface GuestHelpers {
  host: QuickJSHandle;
  /** `(value) => JSON text | undefined`: JSON.stringify taken before any code ran, and no throw. */
  stringify: QuickJSHandle;
  /** `(thrown, max) => text`: a thrown value's message or String(value), cut to max characters. */
  describe: QuickJSHandle;
}

/**
 * The worker's message loop. It loads the engine from the module tooldeck compiled, in a memory of
 * its own capped at `wasmMaxPages`, then serves one run at a time. Nothing in the worker prints: the
 * engine's output and the glue's console (its own error reports) would reach tooldeck's stdio.
 */
export function serveSandbox(load: NodeRequire): void {
  const { parentPort, workerData } = load("node:worker_threads") as typeof import("node:worker_threads");
  const data = workerData as SandboxWorkerData;
  const core = load(data.corePath) as typeof import("quickjs-emscripten-core");
  const variant = (load(data.variantPath) as { default: QuickJSSyncVariant }).default;
  const port = parentPort as MessagePort;
  const cancelled = new Int32Array(data.cancelBuffer);
  const silent = () => {};
  for (const method of ["log", "info", "warn", "error", "debug"] as const) console[method] = silent;
  const quiet = { print: silent, printErr: silent } as unknown as NonNullable<
    CustomizeVariantOptions["emscriptenModule"]
  >;
  const engine = core.newQuickJSWASMModuleFromVariant(
    core.newVariant(variant, {
      wasmModule: data.wasmModule,
      wasmMemory: new WebAssembly.Memory({ initial: 256, maximum: data.wasmMaxPages }),
      emscriptenModule: quiet,
    }),
  );
  let run: GuestRun | undefined;
  const send = (message: FromWorker) => port.postMessage(message);
  port.on("message", (message: ToWorker) => {
    if (message.type === "run")
      void engine.then((module) => {
        run = startGuestRun(module, message, data, cancelled, send);
      });
    else if (message.type === "answer") run?.answer(message);
    else run?.cancel();
  });
}

/**
 * One run: a fresh QuickJS runtime (memory and stack limits, an interrupt handler that stops the
 * guest at the deadline or when tooldeck cancels) and context. The bootstrap is given the bridge to
 * the host functions and the timers' sleep; the prelude builds the guest's API; then the code, as an
 * async function. Every settled host call or timer runs the promise jobs and checks whether the
 * code's promise settled; the outcome is sent once, and the runtime freed.
 */
export function startGuestRun(
  module: QuickJSWASMModule,
  request: RunRequest,
  data: SandboxWorkerData,
  cancelled: Int32Array,
  send: (message: FromWorker) => void,
): GuestRun {
  const runtime = module.newRuntime();
  runtime.setMemoryLimit(request.memoryBytes);
  runtime.setMaxStackSize(request.stackBytes);
  runtime.setInterruptHandler(() => Date.now() > request.deadline || Atomics.load(cancelled, 0) !== 0);
  const context = runtime.newContext();
  const held: QuickJSHandle[] = [];
  const waits = new Map<number, QuickJSDeferredPromise>();
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  let helpers: GuestHelpers | undefined;
  let result: QuickJSHandle | undefined;
  let lastWait = 0;
  let ended = false;

  const stopped = (): WorkerOutcome | undefined => {
    if (Atomics.load(cancelled, 0) !== 0) return { ok: false, reason: "cancelled", message: "cancelled" };
    if (Date.now() > request.deadline) return { ok: false, reason: "timeout", message: "timed out" };
    return undefined;
  };
  const end = (outcome: WorkerOutcome) => {
    if (ended) return;
    ended = true;
    for (const timer of timers.values()) clearTimeout(timer);
    for (const wait of waits.values()) wait.dispose();
    for (const handle of held) if (handle.alive) handle.dispose();
    context.dispose();
    runtime.dispose();
    send({ type: "done", outcome: stopped() ?? outcome });
  };
  const keep = (handle: QuickJSHandle) => {
    held.push(handle);
    return handle;
  };
  /** A guest failure (a throw, an interrupt, no memory) read as the outcome of `reason`. */
  const failWith = (error: QuickJSHandle, reason: "compile" | "throw") => {
    const outcome = readOutcome(context, helpers, error, "thrown", data);
    error.dispose();
    end(outcome.ok ? outcome : { ...outcome, reason: outcome.reason === "throw" ? reason : outcome.reason });
  };
  const advance = () => {
    if (ended) return;
    const jobs = runtime.executePendingJobs();
    if (jobs.error) return failWith(jobs.error, "throw");
    if (!result) return;
    const state = context.getPromiseState(result);
    if (state.type === "pending") return;
    const settled = state.type === "fulfilled" ? state.value : state.error;
    const outcome = readOutcome(
      context,
      helpers,
      settled,
      state.type === "fulfilled" ? "value" : "thrown",
      data,
    );
    settled.dispose();
    end(outcome);
  };
  /** A promise for the guest, settled later by `settle(id, …)`; the engine gets a copy of its handle. */
  const wait = (): [number, QuickJSHandle] => {
    lastWait += 1;
    const deferred = context.newPromise();
    waits.set(lastWait, deferred);
    return [lastWait, deferred.handle.dup()];
  };
  const settle = (id: number, outcome: { value: string } | { error: string } | undefined, jobs: boolean) => {
    const deferred = waits.get(id);
    if (!deferred || ended) return;
    waits.delete(id);
    const handle =
      outcome === undefined
        ? context.undefined
        : "value" in outcome
          ? context.newString(outcome.value)
          : context.newError(outcome.error);
    if (outcome && "error" in outcome) deferred.reject(handle);
    else deferred.resolve(handle);
    if (handle !== context.undefined) handle.dispose();
    deferred.dispose();
    if (jobs) advance();
  };

  const bridge = keep(
    context.newFunction("bridge", (nameHandle, argHandle) => {
      const [id, promise] = wait();
      const name = context.typeof(nameHandle) === "string" ? context.getString(nameHandle) : "";
      const arg = readText(context, argHandle, data.maxCrossingChars);
      if (!request.hostNames.includes(name))
        settle(id, { error: `${name} is not a host function of this sandbox` }, false);
      else if (arg === undefined)
        settle(id, { error: `${name}: its argument is over ${data.maxCrossingChars} characters` }, false);
      else send({ type: "call", id, name, arg } satisfies HostCall);
      return promise;
    }),
  );
  const sleep = keep(
    context.newFunction("sleep", (msHandle) => {
      const [id, promise] = wait();
      if (timers.size >= data.maxTimers)
        settle(id, { error: `too many timers: at most ${data.maxTimers} may wait at once` }, false);
      else {
        const ms = context.typeof(msHandle) === "number" ? context.getNumber(msHandle) : 1;
        const timer = setTimeout(
          () => {
            timers.delete(id);
            settle(id, undefined, true);
          },
          Math.min(Math.max(ms, 1), 2 ** 31 - 1),
        );
        timers.set(id, timer);
      }
      return promise;
    }),
  );

  const start = () => {
    const bootstrap = context.evalCode(data.bootstrap, "bootstrap.js");
    if (bootstrap.error) return failWith(bootstrap.error, "throw");
    const made = context.callFunction(
      keep(bootstrap.value),
      context.undefined,
      bridge,
      sleep,
      keep(context.newString(request.globals)),
      keep(context.newString(JSON.stringify(request.hostNames))),
    );
    if (made.error) return failWith(made.error, "throw");
    const own = keep(made.value);
    helpers = {
      host: keep(context.getProp(own, "host")),
      stringify: keep(context.getProp(own, "stringify")),
      describe: keep(context.getProp(own, "describe")),
    };
    const prelude = context.evalCode(request.prelude, "prelude.js");
    if (prelude.error) return failWith(prelude.error, "throw");
    const prepared = context.callFunction(keep(prelude.value), context.undefined, helpers.host);
    if (prepared.error) return failWith(prepared.error, "throw");
    prepared.value.dispose();
    const compiled = context.evalCode(`(async () => {\n${request.code}\n})`, request.filename);
    if (compiled.error) return failWith(compiled.error, "compile");
    const called = context.callFunction(keep(compiled.value), context.undefined);
    if (called.error) return failWith(called.error, "throw");
    result = keep(called.value);
    advance();
  };
  start();

  return {
    answer: (message) =>
      settle(message.id, message.ok ? { value: message.value } : { error: message.error }, true),
    cancel: () => end({ ok: false, reason: "cancelled", message: "cancelled" }),
  };
}

/**
 * The outcome for a value the code returned, or threw: read by the bootstrap's helpers inside the
 * engine (under the same limits), so a getter, a proxy or a toJSON runs there, never here. Only a
 * string comes out, and only when it is short enough.
 */
export function readOutcome(
  context: QuickJSContext,
  helpers: GuestHelpers | undefined,
  handle: QuickJSHandle,
  kind: "value" | "thrown",
  limits: { maxCrossingChars: number; maxErrorChars: number },
): WorkerOutcome {
  if (!helpers) return { ok: false, reason: "throw", message: "the sandbox could not be prepared" };
  if (kind === "value") {
    const type =
      context.typeof(handle) === "object" && context.sameValue(handle, context.null)
        ? "null"
        : context.typeof(handle);
    const json = context.callFunction(helpers.stringify, context.undefined, handle);
    if (json.error) {
      json.error.dispose();
      return { ok: true, type };
    }
    const text = readText(context, json.value, limits.maxCrossingChars);
    const isString = context.typeof(json.value) === "string";
    json.value.dispose();
    if (!isString) return { ok: true, type };
    if (text === undefined)
      return {
        ok: false,
        reason: "output",
        message: `its result is over ${limits.maxCrossingChars} characters`,
      };
    return { ok: true, type, json: text };
  }
  const max = context.newNumber(limits.maxErrorChars);
  const described = context.callFunction(helpers.describe, context.undefined, handle, max);
  max.dispose();
  if (described.error) {
    described.error.dispose();
    return { ok: false, reason: "memory", message: "out of memory" };
  }
  const message = readText(context, described.value, limits.maxErrorChars + 1) ?? "";
  described.value.dispose();
  return { ok: false, reason: message === "out of memory" ? "memory" : "throw", message };
}

/** A guest string of at most `max` characters, copied out; undefined for anything else. */
export function readText(context: QuickJSContext, handle: QuickJSHandle, max: number): string | undefined {
  if (context.typeof(handle) !== "string") return undefined;
  // A string's length is its own: reading it runs no guest code.
  const lengthHandle = context.getProp(handle, "length");
  const length = context.getNumber(lengthHandle);
  lengthHandle.dispose();
  return length > max ? undefined : context.getString(handle);
}
