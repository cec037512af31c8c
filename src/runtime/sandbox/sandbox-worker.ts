import type { MessagePort } from "node:worker_threads";
import type {
  CustomizeVariantOptions,
  QuickJSContext,
  QuickJSDeferredPromise,
  QuickJSHandle,
  QuickJSRuntime,
  QuickJSSyncVariant,
  QuickJSWASMModule,
} from "quickjs-emscripten-core";
import { declarations } from "./function-source.js";
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
  return `${declarations([serveSandbox, GuestRun, readOutcome, readText])}\n${serveSandbox.name}(require);`;
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
  void engine.then(() => send({ type: "ready" }));
  port.on("message", (message: ToWorker) => {
    if (message.type === "run")
      void engine.then((module) => {
        run = new GuestRun(module, message, data, send);
      });
    else run?.answer(message);
  });
}

/** What settles a guest's promise: a host call's JSON text, its error, or nothing (a timer). */
type Settlement = { value: string } | { error: string } | undefined;

/**
 * One run: a fresh QuickJS runtime (memory and stack limits, an interrupt handler that stops the
 * guest at the deadline) and context; tooldeck stops a run sooner (an abort) by terminating the
 * worker. The bootstrap is given the bridge to the host functions and the timers' sleep; the prelude builds the guest's API; then the code, as an
 * async function. Every settled host call or timer runs the promise jobs and checks whether the
 * code's promise settled; the outcome is sent once, and the runtime freed.
 */
export class GuestRun {
  private readonly runtime: QuickJSRuntime;
  private readonly context: QuickJSContext;
  /** Handles the run owns, freed at its end. */
  private readonly held: QuickJSHandle[] = [];
  /** The guest's promises still waiting on a host call or a timer, by id. */
  private readonly waits = new Map<number, QuickJSDeferredPromise>();
  private readonly timers = new Map<number, ReturnType<typeof setTimeout>>();
  private helpers: GuestHelpers | undefined;
  private result: QuickJSHandle | undefined;
  private lastWait = 0;
  private ended = false;

  constructor(
    module: QuickJSWASMModule,
    private readonly request: RunRequest,
    private readonly data: SandboxWorkerData,
    private readonly send: (message: FromWorker) => void,
  ) {
    this.runtime = module.newRuntime();
    this.runtime.setMemoryLimit(request.memoryBytes);
    this.runtime.setMaxStackSize(request.stackBytes);
    this.runtime.setInterruptHandler(() => this.stopped() !== undefined);
    this.context = this.runtime.newContext();
    this.start();
  }

  answer(message: CallAnswer): void {
    this.settle(message.id, message.ok ? { value: message.value } : { error: message.error }, true);
  }

  private start(): void {
    const { context, request } = this;
    const bootstrap = this.unwrap(context.evalCode(this.data.bootstrap, "bootstrap.js"));
    if (!bootstrap) return;
    const own = this.unwrap(
      context.callFunction(
        bootstrap,
        context.undefined,
        this.keep(this.hostBridge()),
        this.keep(this.timerSleep()),
        this.keep(context.newString(request.globals)),
        this.keep(context.newString(JSON.stringify(request.hostNames))),
      ),
    );
    if (!own) return;
    const [host, stringify, describe] = ["host", "stringify", "describe"].map((key) =>
      this.keep(context.getProp(own, key)),
    ) as [QuickJSHandle, QuickJSHandle, QuickJSHandle];
    this.helpers = { host, stringify, describe };
    const prelude = this.unwrap(context.evalCode(request.prelude, "prelude.js"));
    if (!prelude || !this.unwrap(context.callFunction(prelude, context.undefined, host))) return;
    const code = this.unwrap(
      context.evalCode(`(async () => {\n${request.code}\n})`, request.filename),
      "compile",
    );
    if (!code) return;
    this.result = this.unwrap(context.callFunction(code, context.undefined));
    this.advance();
  }

  /** The handle a step gave, kept for the run; undefined when it threw, and the run then ended. */
  private unwrap(
    result: ReturnType<QuickJSContext["evalCode"]>,
    reason: "compile" | "throw" = "throw",
  ): QuickJSHandle | undefined {
    if (!result.error) return this.keep(result.value);
    this.failWith(result.error, reason);
    return undefined;
  }

  /** `bridge(name, json)`: asks tooldeck to call host function `name`; a promise of its JSON answer. */
  private hostBridge(): QuickJSHandle {
    const { context, data } = this;
    return context.newFunction("bridge", (nameHandle, argHandle) => {
      const [id, promise] = this.wait();
      const name = context.typeof(nameHandle) === "string" ? context.getString(nameHandle) : "";
      const arg = readText(context, argHandle, data.maxCrossingChars);
      if (!this.request.hostNames.includes(name))
        this.settle(id, { error: `${name} is not a host function of this sandbox` }, false);
      else if (arg === undefined)
        this.settle(
          id,
          { error: `${name}: its argument is over ${data.maxCrossingChars} characters` },
          false,
        );
      else this.send({ type: "call", id, name, arg } satisfies HostCall);
      return promise;
    });
  }

  /** `sleep(ms)`: a promise the worker's clock resolves, for the guest's timers. */
  private timerSleep(): QuickJSHandle {
    const { context, data } = this;
    return context.newFunction("sleep", (msHandle) => {
      const [id, promise] = this.wait();
      if (this.timers.size >= data.maxTimers)
        this.settle(id, { error: `too many timers: at most ${data.maxTimers} may wait at once` }, false);
      else {
        const ms = context.typeof(msHandle) === "number" ? context.getNumber(msHandle) : 1;
        const fire = () => {
          this.timers.delete(id);
          this.settle(id, undefined, true);
        };
        this.timers.set(id, setTimeout(fire, Math.min(Math.max(ms, 1), 2 ** 31 - 1)));
      }
      return promise;
    });
  }

  /** A promise for the guest, settled later by `settle(id, …)`; the engine gets a copy of its handle. */
  private wait(): [number, QuickJSHandle] {
    this.lastWait += 1;
    const deferred = this.context.newPromise();
    this.waits.set(this.lastWait, deferred);
    return [this.lastWait, deferred.handle.dup()];
  }

  /** Settles wait `id`; with `jobs`, then runs the promise jobs (not from inside a call of the guest's). */
  private settle(id: number, settlement: Settlement, jobs: boolean): void {
    const deferred = this.waits.get(id);
    if (!deferred || this.ended) return;
    this.waits.delete(id);
    const { context } = this;
    if (settlement === undefined) deferred.resolve(context.undefined);
    else {
      const handle =
        "value" in settlement ? context.newString(settlement.value) : context.newError(settlement.error);
      if ("value" in settlement) deferred.resolve(handle);
      else deferred.reject(handle);
      handle.dispose();
    }
    deferred.dispose();
    if (jobs) this.advance();
  }

  /** Runs the queued promise jobs, then ends the run if the code's promise settled. */
  private advance(): void {
    if (this.ended) return;
    const jobs = this.runtime.executePendingJobs();
    if (jobs.error) {
      this.failWith(jobs.error, "throw");
      return;
    }
    if (!this.result) return;
    const state = this.context.getPromiseState(this.result);
    if (state.type === "pending") return;
    const settled = state.type === "fulfilled" ? state.value : state.error;
    const kind = state.type === "fulfilled" ? "value" : "thrown";
    const outcome = readOutcome(this.context, this.helpers, settled, kind, this.data);
    settled.dispose();
    this.end(outcome);
  }

  /** A guest failure (a throw, an interrupt, no memory), read as the outcome of `reason`. */
  private failWith(error: QuickJSHandle, reason: "compile" | "throw"): void {
    const outcome = readOutcome(this.context, this.helpers, error, "thrown", this.data);
    error.dispose();
    this.end(outcome.ok || outcome.reason !== "throw" ? outcome : { ...outcome, reason });
  }

  private stopped(): WorkerOutcome | undefined {
    if (Date.now() > this.request.deadline) return { ok: false, reason: "timeout", message: "timed out" };
    return undefined;
  }

  private end(outcome: WorkerOutcome): void {
    if (this.ended) return;
    this.ended = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    for (const wait of this.waits.values()) wait.dispose();
    for (const handle of this.held) if (handle.alive) handle.dispose();
    this.context.dispose();
    this.runtime.dispose();
    this.send({ type: "done", outcome: this.stopped() ?? outcome });
  }

  private keep(handle: QuickJSHandle): QuickJSHandle {
    this.held.push(handle);
    return handle;
  }
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
