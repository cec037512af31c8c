import { Worker } from "node:worker_threads";
import { afterEach, describe, expect, test } from "vitest";
import { packagePath } from "../../../src/package/package-root.js";
import {
  runScenarioFile,
  type ScenarioFileOptions,
} from "../../../src/pipeline/run-suite/run-scenario-file.js";
import type { FromRunWorker, RunWorkerData } from "../../../src/pipeline/run-suite/run-worker-protocol.js";
import { projectReadOptions } from "../../../src/project-files/project-read-options.js";
import { fixedConfigOverTutorialCassette } from "../../support/failing-update-scenario.js";

/** tsc's output of the worker (`npm test` builds first): a thread cannot load the TypeScript source. */
const WORKER = packagePath("dist", "src", "pipeline", "run-suite", "run-worker.js");

let worker: Worker | undefined;
afterEach(async () => {
  await worker?.terminate();
});

/** The next messages of the worker until one of `type`. */
function next(thread: Worker, type: FromRunWorker["type"]): Promise<FromRunWorker> {
  return new Promise((resolve, reject) => {
    const listen = (message: FromRunWorker) => {
      if (message.type !== type) return;
      thread.off("message", listen);
      resolve(message);
    };
    thread.on("message", listen);
    thread.once("error", reject);
  });
}

describe("a run worker thread", () => {
  test("says it is ready, then runs each file it is sent as this thread would, and hands it back by index", async () => {
    const { file } = fixedConfigOverTutorialCassette();
    const options: ScenarioFileOptions = {
      update: false,
      ci: true,
      allowCode: false,
      read: projectReadOptions({}, [file]),
      env: {},
    };
    const data: RunWorkerData = { options, driftSpec: undefined };
    worker = new Worker(WORKER, { workerData: data });
    await next(worker, "ready");
    worker.postMessage({ index: 4, file });
    const ran = await next(worker, "ran");
    const here = await runScenarioFile(file, options, {
      signal: new AbortController().signal,
      onCodeNotRun: () => {},
    });
    expect(ran).toEqual({ type: "ran", index: 4, run: here });
    expect(here.entries[0]?.passed).toBe(false);
    expect(here.entries[0]?.result?.diff[1]).toBe("  - PUT http://events.tooldeck.internal/events");

    worker.postMessage({ index: 5, file: `${file}.missing` });
    const missing = await next(worker, "ran");
    expect(missing).toMatchObject({ index: 5, run: { broken: true, entries: [{ passed: false }] } });
  });
});
