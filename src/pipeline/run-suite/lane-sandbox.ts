import type { ScenarioFileOptions } from "./run-scenario-file.js";

/**
 * Each lane's share of the sandbox workers when `lanes` files run at once (`--jobs`): every lane is a
 * thread with its own pool, so the shares add up to `workers` (at least one a lane).
 */
export function laneSandboxWorkers(workers: number, lanes: number): number {
  return Math.max(1, Math.floor(workers / Math.max(1, lanes)));
}

/** Sizes this thread's sandbox pool to its lane's share; the pool is loaded only when code runs. */
export async function useLaneSandbox(options: ScenarioFileOptions): Promise<void> {
  if (!options.allowCode || options.sandboxWorkers === undefined) return;
  const { sharedSandboxPool } = await import("../../runtime/sandbox/sandbox-pool.js");
  sharedSandboxPool().resize(options.sandboxWorkers);
}
