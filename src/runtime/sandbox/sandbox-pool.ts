import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import { guestBootstrapSource } from "./guest-bootstrap.js";
import {
  CANCEL_GRACE_MS,
  ENGINE_BASE_BYTES,
  MAX_CROSSING_CHARS,
  MAX_ERROR_MESSAGE_CHARS,
  MAX_GUEST_TIMERS,
  MAX_IDLE_WORKERS,
  WORKER_HEAP_MB,
  WORKER_STACK_MB,
} from "./sandbox-limits.js";
import type { FromWorker, SandboxWorkerData } from "./sandbox-protocol.js";
import { sandboxWorkerProgram } from "./sandbox-worker.js";

/** A worker thread that runs the engine, the flag that cancels its run, and its engine's memory. */
export interface SandboxWorker {
  worker: Worker;
  cancelled: Int32Array;
  memoryBytes: number;
}

const resolvePackage = createRequire(import.meta.url).resolve;
/** Warm workers, by the memory their engine was given. */
const idle = new Map<number, SandboxWorker[]>();
let engine: Promise<WebAssembly.Module> | undefined;

/**
 * The engine, compiled once per process from the .wasm file shipped in its npm package (nothing is
 * downloaded) and shared by every worker.
 */
function compiledEngine(): Promise<WebAssembly.Module> {
  engine ??= readFile(resolvePackage("@jitl/quickjs-wasmfile-release-sync/wasm")).then((bytes) =>
    WebAssembly.compile(bytes),
  );
  return engine;
}

/**
 * A worker for one run with `memoryBytes` for the guest: a warm one, or a new thread. A worker has an
 * empty environment, its own heap and stack limits, and the engine as its only occupant, in a WebAssembly memory that cannot grow past the engine's base and `memoryBytes`;
 * it never outlives tooldeck (threads die with their process). It is referenced while it runs, so a
 * pending run keeps tooldeck alive, and unreferenced while idle.
 */
export async function takeWorker(memoryBytes: number): Promise<SandboxWorker> {
  const warm = idle.get(memoryBytes)?.pop();
  if (warm) {
    warm.worker.ref();
    return warm;
  }
  const cancelBuffer = new SharedArrayBuffer(4);
  const workerData: SandboxWorkerData = {
    corePath: resolvePackage("quickjs-emscripten-core"),
    variantPath: resolvePackage("@jitl/quickjs-wasmfile-release-sync"),
    wasmModule: await compiledEngine(),
    wasmMaxPages: Math.ceil((ENGINE_BASE_BYTES + memoryBytes) / 65536),
    cancelBuffer,
    bootstrap: guestBootstrapSource(),
    maxCrossingChars: MAX_CROSSING_CHARS,
    maxErrorChars: MAX_ERROR_MESSAGE_CHARS,
    maxTimers: MAX_GUEST_TIMERS,
  };
  const worker = new Worker(sandboxWorkerProgram(), {
    eval: true,
    workerData,
    env: {},
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, stackSizeMb: WORKER_STACK_MB },
  });
  const taken = { worker, cancelled: new Int32Array(cancelBuffer), memoryBytes };
  // A worker that fails between runs is only forgotten; during a run, the run's own listener reports it.
  worker.on("error", () => {});
  worker.once("exit", () => {
    const pool = idle.get(memoryBytes) ?? [];
    if (pool.includes(taken)) pool.splice(pool.indexOf(taken), 1);
  });
  return taken;
}

/** Back to the pool after a run that ended by itself (the worker is idle), or ended if the pool is full. */
export function returnWorker(taken: SandboxWorker): void {
  taken.worker.removeAllListeners("message");
  Atomics.store(taken.cancelled, 0, 0);
  const pool = idle.get(taken.memoryBytes) ?? [];
  if (pool.length >= MAX_IDLE_WORKERS) {
    void taken.worker.terminate();
    return;
  }
  taken.worker.unref();
  pool.push(taken);
  idle.set(taken.memoryBytes, pool);
}

/**
 * After a run tooldeck stopped (time limit, abort): the engine is told to stop, and the worker goes
 * back to the pool once it says it did; if it does not within `CANCEL_GRACE_MS` (a long built-in
 * call that never checks for an interrupt), the thread is terminated.
 */
export function cancelWorker(taken: SandboxWorker): void {
  Atomics.store(taken.cancelled, 0, 1);
  taken.worker.removeAllListeners("message");
  const grace = setTimeout(() => void taken.worker.terminate(), CANCEL_GRACE_MS);
  taken.worker.on("message", (message: FromWorker) => {
    if (message.type !== "done") return;
    clearTimeout(grace);
    returnWorker(taken);
  });
  taken.worker.postMessage({ type: "cancel" });
}

/** Ends a worker now: it crashed, or the run it served cannot be trusted to end. */
export function discardWorker(taken: SandboxWorker): void {
  taken.worker.removeAllListeners("message");
  void taken.worker.terminate();
}
