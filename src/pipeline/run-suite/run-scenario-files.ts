import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { setImmediate as setImmediatePromise } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { ValidateCall } from "../../replay/replay-cassette.js";
import { brokenEntry } from "./broken-entry.js";
import { laneSandboxWorkers, useLaneSandbox } from "./lane-sandbox.js";
import type {
  FileRun,
  runScenarioFile as RunScenarioFile,
  ScenarioFileOptions,
} from "./run-scenario-file.js";
import type { FromRunWorker, RunWorkerData, ToRunWorker } from "./run-worker-protocol.js";

/** How a suite of scenario files is run. */
export interface SuiteSetup {
  options: ScenarioFileOptions;
  /** The description recorded calls are checked against (drift), if any. */
  driftSpec: string | undefined;
  /** Files run at once (`--jobs`): this thread and `jobs - 1` worker threads; 1 runs them all here. */
  jobs: number;
  /** Sandbox workers of the whole run (`--sandbox-workers`), shared out among the files run at once; default one per core. */
  sandboxWorkers?: number;
}

/** What the caller hears while the suite runs. */
export interface SuiteEvents {
  signal: AbortSignal;
  /** Each file's run, in the order of `files` whatever the order they finished in. */
  onRun: (index: number, run: FileRun) => void;
  onCodeNotRun: (toolkit: string) => void;
}

/** `--jobs`' default: one worker per CPU this process may use. */
export function defaultJobs(): number {
  return availableParallelism();
}

/**
 * Runs the scenario files `jobs` at a time: this thread and `jobs - 1` worker threads, each taking the
 * next file when it is done with one. With one job, one file, or no worker script (tooldeck run from its
 * TypeScript sources, as its own tests do) this thread runs them all. Either way each file's run is
 * handed over in the files' order, so the report is the same whatever `jobs`.
 */
export async function runScenarioFiles(
  files: readonly string[],
  setup: SuiteSetup,
  events: SuiteEvents,
): Promise<void> {
  let next = 0;
  const take = () => (next < files.length ? next++ : undefined);
  // Once every file has run, a worker still loading is ended: this thread may have run them all.
  let everyFileRan = () => {};
  const settled = new Promise<void>((resolve) => {
    everyFileRan = resolve;
  });
  const emit = inOrder(events.onRun, files.length, () => everyFileRan());
  const lanes = Math.min(setup.jobs, files.length);
  const script = lanes > 1 ? runWorkerScript() : undefined;
  const sandboxWorkers = laneSandboxWorkers(
    setup.sandboxWorkers ?? availableParallelism(),
    script ? lanes : 1,
  );
  setup = { ...setup, options: { ...setup.options, sandboxWorkers } };
  // The workers start first: loading takes them a while, and this thread has its own loading to do.
  const stop = new AbortController();
  const signal = AbortSignal.any([events.signal, stop.signal]);
  const workers = script
    ? runOnWorkers(files, { take, emit, settled }, { ...setup, jobs: lanes - 1 }, script, {
        ...events,
        signal,
      })
    : undefined;
  let validateCall: ValidateCall | undefined;
  let runScenarioFile: typeof RunScenarioFile;
  try {
    // Imported only now (LangChain, the spec loader): the workers started above load them meanwhile.
    ({ runScenarioFile } = await import("./run-scenario-file.js"));
    await useLaneSandbox(setup.options);
    const { createDriftValidator } = await import("./drift-validator.js");
    // Loaded here even when workers run files too: a description that cannot be read stops the run at once.
    validateCall = setup.driftSpec
      ? await createDriftValidator(setup.driftSpec, setup.options.read)
      : undefined;
  } catch (error) {
    stop.abort();
    throw error;
  }
  const context = { validateCall, signal: events.signal, onCodeNotRun: events.onCodeNotRun };
  const here = async () => {
    for (let index = take(); index !== undefined && !events.signal.aborted; index = take()) {
      emit(index, await runScenarioFile(files[index] as string, setup.options, context));
      // A replay resolves in microtasks alone: without a turn of the event loop between files, no
      // worker's message (ready, a file done) would be heard until this thread had run them all.
      if (workers) await setImmediatePromise();
    }
  };
  await Promise.all([here(), workers]);
}

/** The worker's module beside this one (`run-worker.js`: tsc's output, and the CLI's bundle). */
function runWorkerScript(): URL | undefined {
  const script = new URL("./run-worker.js", import.meta.url);
  return script.protocol === "file:" && existsSync(fileURLToPath(script)) ? script : undefined;
}

/** `jobs` worker threads taking files until `take` has none left (or the run is aborted: they are ended). */
function runOnWorkers(
  files: readonly string[],
  queue: {
    take: () => number | undefined;
    emit: SuiteEvents["onRun"];
    /** Every file has run. */
    settled: Promise<void>;
  },
  setup: SuiteSetup,
  script: URL,
  events: SuiteEvents,
): Promise<void> {
  const { take, emit } = queue;
  const data: RunWorkerData = { options: setup.options, driftSpec: setup.driftSpec };
  const threads = new Set<Worker>();
  return new Promise<void>((resolve) => {
    const finish = () => {
      events.signal.removeEventListener("abort", finish);
      for (const thread of threads) void thread.terminate();
      threads.clear();
      resolve();
    };
    events.signal.addEventListener("abort", finish, { once: true });
    void queue.settled.then(finish);
    if (events.signal.aborted) return finish();
    const start = () => {
      const thread = new Worker(script, { workerData: data });
      threads.add(thread);
      let current: ToRunWorker | undefined;
      const feed = () => {
        const index = take();
        current = index === undefined ? undefined : { index, file: files[index] as string };
        if (current) return thread.postMessage(current);
        threads.delete(thread);
        void thread.terminate();
        if (threads.size === 0) finish();
      };
      // A thread that died (out of memory, a bug of ours) fails the file it had; a new one goes on.
      const died = (error: Error) => {
        if (!threads.delete(thread)) return;
        if (current)
          emit(current.index, { entries: [brokenEntry(current.file, current.file, error)], broken: false });
        current = undefined;
        start();
      };
      thread.on("message", (message: FromRunWorker) => {
        if (message.type === "code-not-run") return events.onCodeNotRun(message.toolkit);
        if (message.type === "ran") emit(message.index, message.run);
        feed();
      });
      thread.on("error", died);
      thread.on("exit", (code) => died(new Error(`a run worker stopped (exit code ${code})`)));
    };
    for (let worker = 0; worker < setup.jobs; worker++) start();
  });
}

/** Hands runs over in index order (one that finished early waits for those before it); `onAll` after the last. */
function inOrder(onRun: SuiteEvents["onRun"], total: number, onAll: () => void): SuiteEvents["onRun"] {
  const waiting = new Map<number, FileRun>();
  let due = 0;
  if (total === 0) onAll();
  return (index, run) => {
    waiting.set(index, run);
    for (let ready = waiting.get(due); ready; ready = waiting.get(due)) {
      waiting.delete(due);
      onRun(due++, ready);
      if (due === total) onAll();
    }
  };
}
