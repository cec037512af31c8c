/**
 * The messages between tooldeck and a sandbox worker. Only strings and numbers the worker read out of
 * the engine cross: no object of the guest ever reaches tooldeck, and none of tooldeck's reaches it.
 */

/** What a worker is started with (`workerData`). */
export interface SandboxWorkerData {
  /** Absolute paths of quickjs-emscripten-core and the engine variant, resolved by tooldeck. */
  corePath: string;
  variantPath: string;
  /** The engine, compiled once by tooldeck and shared by every worker. */
  wasmModule: WebAssembly.Module;
  /** Pages (64 KiB) the engine's memory may grow to. */
  wasmMaxPages: number;
  /** The guest's bootstrap (`guestBootstrapSource`): an expression for a function, run before any code of the caller. */
  bootstrap: string;
  /** The longest text that crosses: a host call's argument, a result. */
  maxCrossingChars: number;
  /** How much of a thrown value's text is kept. */
  maxErrorChars: number;
  /** Timers a run may have waiting at once. */
  maxTimers: number;
}

/** tooldeck → worker: run one guest. */
export interface RunRequest {
  type: "run";
  /** A function body; `await` allowed. */
  code: string;
  filename: string;
  /** The guest's globals, as JSON text. */
  globals: string;
  /** A function expression the bootstrap's `host` object is given to, run before the code. */
  prelude: string;
  /** The host functions the guest may call. */
  hostNames: string[];
  /** `Date.now()` after which the engine interrupts the guest. */
  deadline: number;
  memoryBytes: number;
  stackBytes: number;
}

/** tooldeck → worker: the answer to host call `id`, as JSON text, or why it failed. */
export type CallAnswer = { type: "answer"; id: number } & (
  | { ok: true; value: string }
  | { ok: false; error: string }
);

export type ToWorker = RunRequest | CallAnswer;

/** worker → tooldeck: the guest called host function `name` with `arg` (JSON text). */
export interface HostCall {
  type: "call";
  id: number;
  name: string;
  arg: string;
}

/** How a run ended, as the worker read it: the value's `typeof` and JSON text, or why not. */
export type WorkerOutcome =
  | { ok: true; type: string; json?: string }
  | {
      ok: false;
      reason: "compile" | "throw" | "timeout" | "memory" | "output";
      message: string;
    };

/** worker → tooldeck, last of a run: the outcome; the worker is idle again. */
export interface RunDone {
  type: "done";
  outcome: WorkerOutcome;
}

/** worker → tooldeck, once: the engine is loaded, and the worker takes runs. */
export interface WorkerReady {
  type: "ready";
}

export type FromWorker = HostCall | RunDone | WorkerReady;
