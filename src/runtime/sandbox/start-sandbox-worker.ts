import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import { guestBootstrapSource } from "./guest-bootstrap.js";
import {
  ENGINE_BASE_BYTES,
  MAX_CROSSING_CHARS,
  MAX_ERROR_MESSAGE_CHARS,
  MAX_GUEST_TIMERS,
  WORKER_HEAP_MB,
  WORKER_STACK_MB,
} from "./sandbox-limits.js";
import type { FromWorker, SandboxWorkerData } from "./sandbox-protocol.js";
import { sandboxWorkerProgram } from "./sandbox-worker.js";

/** A worker thread that runs the engine, and the memory its engine was given. */
export interface SandboxWorker {
  worker: Worker;
  memoryBytes: number;
}

const resolvePackage = createRequire(import.meta.url).resolve;
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
 * A new worker thread for runs with `memoryBytes` for the guest. It has an empty environment, its own
 * heap and stack limits, and the engine as its only occupant, in a WebAssembly memory that cannot grow
 * past the engine's base and `memoryBytes`; it never outlives tooldeck (threads die with their
 * process). It resolves once the engine is loaded. Only the pool starts one (`createSandboxPool`), which counts it until it exits.
 */
export async function startSandboxWorker(memoryBytes: number): Promise<SandboxWorker> {
  const workerData: SandboxWorkerData = {
    corePath: resolvePackage("quickjs-emscripten-core"),
    variantPath: resolvePackage("@jitl/quickjs-wasmfile-release-sync"),
    wasmModule: await compiledEngine(),
    wasmMaxPages: Math.ceil((ENGINE_BASE_BYTES + memoryBytes) / 65536),
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
  // A worker that fails between runs is only forgotten (the pool hears its exit); during a run, the
  // run's own listener reports it.
  worker.on("error", () => {});
  await ready(worker);
  return { worker, memoryBytes };
}

/** Until the worker has loaded the engine: a run's time starts then, not while a thread starts. */
function ready(worker: Worker): Promise<void> {
  return new Promise((resolve, reject) => {
    const settle = (error?: Error) => {
      worker.off("message", onMessage).off("error", onError).off("exit", onExit);
      if (error) reject(error);
      else resolve();
    };
    const onMessage = (message: FromWorker) => {
      if (message.type === "ready") settle();
    };
    const onError = (error: Error) => settle(error);
    const onExit = (code: number) => settle(new Error(`its worker stopped (exit code ${code})`));
    worker.on("message", onMessage).on("error", onError).on("exit", onExit);
  });
}
