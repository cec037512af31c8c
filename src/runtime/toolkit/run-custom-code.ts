import type { ChildProcess } from "node:child_process";
import type { FetchLike } from "../../net/fetch-like.js";
import { createCustomCodeFetcher } from "./custom-code-fetch.js";
import { describeExit, killCustomCodeProcess, startCustomCodeProcess } from "./custom-code-process.js";
import type { ChildMessage, FetchAnswer, FetchedMessage, RunMessage } from "./custom-code-protocol.js";

export interface CustomCodeRun {
  /** A JavaScript function body; `await` is allowed; it returns the tool output. */
  code: string;
  /** `$url`, `$options`, `$PathParameters`, …, `$vars`, `$flow`: globals of the run, copied as JSON. */
  variables: Record<string, unknown>;
  /** Sends the code's fetches. */
  fetch: FetchLike;
  timeoutMs: number;
  /** The caller's cancel: kills the process and aborts its fetches, like a timeout. */
  signal?: AbortSignal | undefined;
}

/** What the code returned: its `typeof` ("null" for null) and its value as JSON copied it. */
export interface CustomCodeValue {
  type: string;
  value: unknown;
}

/** Why Custom Code gave no output: a throw, a syntax error, the time limit or its process dying. */
export class CustomCodeError extends Error {
  override readonly name = "CustomCodeError";
}

/**
 * Runs Custom Code in a process of its own (see `startCustomCodeProcess`: no environment, no files, no
 * child processes, a small heap), inside a `node:vm` context there. Its fetches come back here and
 * go through `run.fetch`. At the time limit or the caller's abort the process is killed (SIGKILL), so
 * an endless loop, an endless timer or a promise chain ends there too.
 * @example
 * const { value } = await runCustomCode({ code: "return (await fetch($url)).status + ''", variables: { $url }, fetch, timeoutMs: 10_000 });
 */
export function runCustomCode(run: CustomCodeRun): Promise<CustomCodeValue> {
  if (run.signal?.aborted) return Promise.reject(new CustomCodeError("custom code was aborted"));
  return new Promise((resolve, reject) => {
    const { child, stderr } = startCustomCodeProcess();
    const fetches = new AbortController();
    const answer = createCustomCodeFetcher(run.fetch, fetches.signal);
    let done = false;
    const finish = (outcome: CustomCodeValue | CustomCodeError) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      run.signal?.removeEventListener("abort", onAbort);
      killCustomCodeProcess(child);
      fetches.abort();
      if (outcome instanceof CustomCodeError) reject(outcome);
      else resolve(outcome);
    };
    const fail = (message: string) => finish(new CustomCodeError(message));
    const timer = setTimeout(() => fail(`custom code timed out after ${run.timeoutMs} ms`), run.timeoutMs);
    const onAbort = () => fail("custom code was aborted");
    run.signal?.addEventListener("abort", onAbort, { once: true });
    child.on("error", (error) => fail(`custom code failed: cannot start its process: ${error.message}`));
    child.on("exit", (code, signal) => fail(describeExit(code, signal, stderr())));
    child.on("message", (message: ChildMessage) => {
      if (message.type === "ready") sendRun(child, run, fail);
      else if (message.type === "fetch") void forward(child, answer(message), message.id, () => done);
      else if (message.type === "error") fail(message.message);
      else finish({ type: message.valueType, value: message.value });
    });
  });
}

function sendRun(child: ChildProcess, run: CustomCodeRun, fail: (message: string) => void): void {
  const message: RunMessage = { type: "run", code: run.code, variables: run.variables };
  try {
    child.send(message, () => {});
  } catch (cause) {
    // JSON cannot carry the variables (a cycle, a BigInt in flow state).
    fail(`custom code failed: its variables cannot be sent: ${(cause as Error).message}`);
  }
}

/** Answers fetch `id` of the child, unless the run ended meanwhile. */
async function forward(
  child: ChildProcess,
  answer: Promise<FetchAnswer>,
  id: number,
  ended: () => boolean,
): Promise<void> {
  const reply: FetchedMessage = await answer.then(
    (fetched) => ({ type: "fetched", id, ok: true, answer: fetched }),
    (error: Error) => ({ type: "fetched", id, ok: false, error: error.message }),
  );
  if (!ended() && child.connected) child.send(reply, () => {});
}
