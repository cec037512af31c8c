import { type MessagePort, parentPort, workerData } from "node:worker_threads";
import { preparePlatforms } from "../../platforms/registry.js";
import type { ValidateCall } from "../../replay/replay-cassette.js";
import { brokenEntry } from "./broken-entry.js";
import { createDriftValidator } from "./drift-validator.js";
import { useLaneSandbox } from "./lane-sandbox.js";
import { runScenarioFile } from "./run-scenario-file.js";
import type { FromRunWorker, RunWorkerData, ToRunWorker } from "./run-worker-protocol.js";

/**
 * A worker thread of `tooldeck run --jobs N` (run-pool.ts): it runs the scenario files it is sent, one at a
 * time, and hands each file's run back. It prints nothing itself: notes go to the pool, which prints them.
 */
function serveRunWorker(port: MessagePort, data: RunWorkerData): void {
  const send = (message: FromRunWorker) => port.postMessage(message);
  // A thread loads its modules afresh: the platforms too, every one, as the command that started it.
  const validator: Promise<ValidateCall | undefined> = Promise.all([
    preparePlatforms(),
    useLaneSandbox(data.options),
  ]).then(() => (data.driftSpec ? createDriftValidator(data.driftSpec, data.options.read) : undefined));
  // The pool ends the thread (terminate) when the run is cut short: nothing here waits on a signal.
  const signal = new AbortController().signal;
  const onCodeNotRun = (toolkit: string) => send({ type: "code-not-run", toolkit });
  port.on("message", async ({ index, file }: ToRunWorker) => {
    try {
      const validateCall = await validator;
      send({
        type: "ran",
        index,
        run: await runScenarioFile(file, data.options, { validateCall, signal, onCodeNotRun }),
      });
    } catch (error) {
      send({ type: "ran", index, run: { entries: [brokenEntry(file, file, error)], broken: false } });
    }
  });
  void validator.then(
    () => send({ type: "ready" }),
    () => send({ type: "ready" }),
  );
}

if (parentPort) serveRunWorker(parentPort, workerData as RunWorkerData);
