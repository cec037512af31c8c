import type { FileRun, ScenarioFileOptions } from "./run-scenario-file.js";

/** What a run worker is started with. */
export interface RunWorkerData {
  options: ScenarioFileOptions;
  /** The description recorded calls are checked against (drift), if any. */
  driftSpec: string | undefined;
}

/** From the pool to a worker: run this file (its place in the run, to hand back). */
export interface ToRunWorker {
  index: number;
  file: string;
}

/**
 * From a worker to the pool: it is ready for a file (loaded: it asks, so that files go to this thread
 * while a worker is still loading), a file's run, or a note to print.
 */
export type FromRunWorker =
  | { type: "ready" }
  | { type: "ran"; index: number; run: FileRun }
  | { type: "code-not-run"; toolkit: string };
