import {
  DEFAULT_SANDBOX_MEMORY_BYTES,
  MAX_CROSSING_CHARS,
  MAX_SANDBOX_MEMORY_BYTES,
  SANDBOX_STACK_BYTES,
} from "./sandbox-limits.js";
import { type SandboxPool, type SandboxWorker, sharedSandboxPool } from "./sandbox-pool.js";
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
  /**
   * The run's time, from when its worker is ready to the result: waiting for a worker (the pool is
   * full) does not count. Only `signal` ends the wait.
   */
  timeoutMs: number;
  /** What the guest's objects, strings and code may take (default 64 MiB, at most 256 MiB). */
  memoryBytes?: number;
  /** Stops the run, like the time limit. */
  signal?: AbortSignal | undefined;
  /** The workers it runs on; default the process's (`sharedSandboxPool`). */
  pool?: SandboxPool | undefined;
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
 * by terminating the worker. tooldeck's event loop never waits on the code. Runs share the pool's
 * workers (`run.pool`): beyond them a run waits its turn.
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
  const pool = run.pool ?? sharedSandboxPool();
  let taken: SandboxWorker | "aborted";
  try {
    taken = await pool.acquire(memoryBytes, run.signal);
  } catch (cause) {
    return { ok: false, reason: "crash", message: `cannot start the sandbox: ${(cause as Error).message}` };
  }
  if (taken === "aborted") return ABORTED;
  if (run.signal?.aborted) {
    pool.release(taken, true);
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
  return serve(taken, request, run, pool);
}

/**
 * Sends the run to the worker and answers its host calls until the outcome, the deadline or an abort.
 * The worker goes back to the pool only after a run that ended by itself; one a limit or an abort
 * stopped is terminated (a fresh one replaces it), so no run inherits what another left.
 */
function serve(
  taken: SandboxWorker,
  request: RunRequest,
  run: SandboxRun,
  pool: SandboxPool,
): Promise<SandboxOutcome> {
  return new Promise((resolve) => {
    const calls = new AbortController();
    let finished = false;
    const finish = (outcome: SandboxOutcome) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      run.signal?.removeEventListener("abort", onAbort);
      taken.worker.off("error", onError).off("exit", onExit);
      calls.abort();
      pool.release(taken, endedByItself(outcome));
      resolve(outcome);
    };
    const onAbort = () => finish(ABORTED);
    const onError = (error: Error) => finish(crashOutcome(error));
    const onExit = (code: number) =>
      finish({ ok: false, reason: "crash", message: `its worker stopped (exit code ${code})` });
    const timer = setTimeout(() => finish(TIMED_OUT), Math.max(0, request.deadline - Date.now()));
    run.signal?.addEventListener("abort", onAbort, { once: true });
    taken.worker.on("error", onError).on("exit", onExit);
    taken.worker.on("message", (message: FromWorker) => {
      if (message.type === "call")
        void answerCall(message, run.host ?? {}, calls.signal).then((answer) => {
          if (!finished) taken.worker.postMessage(answer);
        });
      else if (message.type === "done") finish(fromWorker(message.outcome));
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

/** A run that returned, threw or failed to compile: its worker is as clean as it was given. */
function endedByItself(outcome: SandboxOutcome): boolean {
  return outcome.ok || ["compile", "throw", "output"].includes(outcome.reason);
}

function fromWorker(outcome: WorkerOutcome): SandboxOutcome {
  if (!outcome.ok) return { ok: false, reason: outcome.reason, message: outcome.message };
  if (outcome.json === undefined) return { ok: true, type: outcome.type };
  return { ok: true, type: outcome.type, value: JSON.parse(outcome.json) };
}

/** A worker that died: out of its heap (Node's resource limit) or anything else. */
function crashOutcome(error: Error & { code?: string }): SandboxOutcome {
  if (error.code === "ERR_WORKER_OUT_OF_MEMORY")
    return { ok: false, reason: "memory", message: "out of memory" };
  return { ok: false, reason: "crash", message: `its worker failed: ${error.message}` };
}
