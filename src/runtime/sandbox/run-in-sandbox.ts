import {
  DEFAULT_SANDBOX_MEMORY_BYTES,
  MAX_CROSSING_CHARS,
  MAX_SANDBOX_MEMORY_BYTES,
  SANDBOX_STACK_BYTES,
} from "./sandbox-limits.js";
import { cancelWorker, discardWorker, returnWorker, type SandboxWorker, takeWorker } from "./sandbox-pool.js";
import type { CallAnswer, FromWorker, HostCall, RunRequest, WorkerOutcome } from "./sandbox-protocol.js";

/** A function of tooldeck's that guest code may call: a JSON value in, a JSON value out. */
export type HostFunction = (value: unknown, signal: AbortSignal) => Promise<unknown>;

export interface SandboxRun {
  /** A JavaScript function body; `await` is allowed; what it returns is the result. */
  code: string;
  /** The code's globals, copied in as JSON. */
  globals?: Record<string, unknown>;
  /**
   * What the guest may ask of tooldeck, by name. Each is called with the guest's value parsed from
   * JSON and a signal that aborts when the run ends; what it resolves to goes back as JSON, and a
   * throw rejects the guest's promise with its message.
   */
  host?: Record<string, HostFunction>;
  /**
   * Guest source run before the code: a function expression that is given `host` (each host
   * function as `host.<name>(value) → Promise`) and builds the globals the code uses, such as `fetch`.
   */
  prelude?: string;
  /** The code's name in the engine's stack traces. */
  filename?: string;
  /** The run's whole time, from asking for a worker to the result. */
  timeoutMs: number;
  /** What the guest's objects, strings and code may take (default 64 MiB, at most 256 MiB). */
  memoryBytes?: number;
  /** Stops the run, like the time limit. */
  signal?: AbortSignal | undefined;
}

/** Why a run gave no value. */
export type SandboxFailure = "compile" | "throw" | "timeout" | "memory" | "output" | "aborted" | "crash";

/** What the code returned (its `typeof`, "null" for null, and its value as JSON copied it), or why not. */
export type SandboxOutcome =
  | { ok: true; type: string; value?: unknown }
  | { ok: false; reason: SandboxFailure; message: string };

const ABORTED: SandboxOutcome = { ok: false, reason: "aborted", message: "aborted" };
const TIMED_OUT: SandboxOutcome = { ok: false, reason: "timeout", message: "timed out" };

/**
 * Runs untrusted JavaScript in QuickJS compiled to WebAssembly, in a worker thread: the code shares no
 * realm, object or prototype with tooldeck, and reaches nothing but its globals (copied as JSON) and
 * the host functions given (through which only JSON text crosses). The engine stops the code at the
 * time limit, at its memory and stack limits, or on abort; a built-in call that does not stop is ended
 * by terminating the worker. tooldeck's event loop never waits on the code.
 * @example
 * const outcome = await runInSandbox({ code: "return $a + 1", globals: { $a: 1 }, timeoutMs: 1000 });
 * // { ok: true, type: "number", value: 2 }
 */
export async function runInSandbox(run: SandboxRun): Promise<SandboxOutcome> {
  const memoryBytes = run.memoryBytes ?? DEFAULT_SANDBOX_MEMORY_BYTES;
  if (memoryBytes > MAX_SANDBOX_MEMORY_BYTES)
    throw new RangeError(
      `a sandbox gets at most ${MAX_SANDBOX_MEMORY_BYTES} bytes of memory, not ${memoryBytes}`,
    );
  if (run.signal?.aborted) return ABORTED;
  let taken: SandboxWorker;
  try {
    taken = await takeWorker(memoryBytes);
  } catch (cause) {
    return { ok: false, reason: "crash", message: `cannot start the sandbox: ${(cause as Error).message}` };
  }
  if (run.signal?.aborted) {
    returnWorker(taken);
    return ABORTED;
  }
  const request: RunRequest = {
    type: "run",
    code: run.code,
    filename: run.filename ?? "code.js",
    globals: JSON.stringify(run.globals ?? {}),
    prelude: run.prelude ?? "() => {}",
    hostNames: Object.keys(run.host ?? {}),
    // From now, not from the call: starting a worker (a cold one, a loaded machine) is not the code's time.
    deadline: Date.now() + run.timeoutMs,
    memoryBytes,
    stackBytes: SANDBOX_STACK_BYTES,
  };
  return serve(taken, request, run);
}

/** Sends the run to the worker and answers its host calls until the outcome, the deadline or an abort. */
function serve(taken: SandboxWorker, request: RunRequest, run: SandboxRun): Promise<SandboxOutcome> {
  return new Promise((resolve) => {
    const calls = new AbortController();
    let finished = false;
    const finish = (outcome: SandboxOutcome, release: (worker: SandboxWorker) => void) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      run.signal?.removeEventListener("abort", onAbort);
      taken.worker.off("error", onError).off("exit", onExit);
      calls.abort();
      release(taken);
      resolve(outcome);
    };
    const onAbort = () => finish(ABORTED, cancelWorker);
    const onError = (error: Error) => finish(crashOutcome(error), discardWorker);
    const onExit = (code: number) =>
      finish(
        { ok: false, reason: "crash", message: `its worker stopped (exit code ${code})` },
        discardWorker,
      );
    const timer = setTimeout(
      () => finish(TIMED_OUT, cancelWorker),
      Math.max(0, request.deadline - Date.now()),
    );
    run.signal?.addEventListener("abort", onAbort, { once: true });
    taken.worker.on("error", onError).on("exit", onExit);
    taken.worker.on("message", (message: FromWorker) => {
      if (message.type === "call")
        void answerCall(message, run.host ?? {}, calls.signal).then((answer) => {
          if (!finished) taken.worker.postMessage(answer);
        });
      else finish(fromWorker(message.outcome), returnWorker);
    });
    taken.worker.postMessage(request);
  });
}

/** Calls the host function the guest asked for; its value, or its error's message, as the answer. */
async function answerCall(
  call: HostCall,
  host: Record<string, HostFunction>,
  signal: AbortSignal,
): Promise<CallAnswer> {
  try {
    const callee = Object.hasOwn(host, call.name) ? host[call.name] : undefined;
    if (!callee) throw new Error(`${call.name} is not a host function of this sandbox`);
    const value = JSON.stringify((await callee(JSON.parse(call.arg), signal)) ?? null);
    if (value.length > MAX_CROSSING_CHARS)
      throw new Error(`the answer of ${call.name} is over ${MAX_CROSSING_CHARS} characters`);
    return { type: "answer", id: call.id, ok: true, value };
  } catch (cause) {
    return {
      type: "answer",
      id: call.id,
      ok: false,
      error: cause instanceof Error ? cause.message : String(cause),
    };
  }
}

function fromWorker(outcome: WorkerOutcome): SandboxOutcome {
  if (!outcome.ok)
    return outcome.reason === "cancelled"
      ? ABORTED
      : { ok: false, reason: outcome.reason, message: outcome.message };
  if (outcome.json === undefined) return { ok: true, type: outcome.type };
  return { ok: true, type: outcome.type, value: JSON.parse(outcome.json) };
}

/** A worker that died: out of its heap (Node's resource limit) or anything else. */
function crashOutcome(error: Error & { code?: string }): SandboxOutcome {
  if (error.code === "ERR_WORKER_OUT_OF_MEMORY")
    return { ok: false, reason: "memory", message: "out of memory" };
  return { ok: false, reason: "crash", message: `its worker failed: ${error.message}` };
}
