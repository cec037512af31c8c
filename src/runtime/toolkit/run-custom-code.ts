import type { FetchLike } from "../../net/fetch-like.js";
import { runInSandbox, type SandboxOutcome } from "../sandbox/run-in-sandbox.js";
import { DEFAULT_SANDBOX_MEMORY_BYTES } from "../sandbox/sandbox-limits.js";
import type { SandboxPool } from "../sandbox/sandbox-pool.js";
import { createCustomCodeFetcher } from "./custom-code-fetch.js";
import { CUSTOM_CODE_PRELUDE } from "./custom-code-globals.js";

export interface CustomCodeRun {
  /** A JavaScript function body; `await` is allowed; it returns the tool output. */
  code: string;
  /** `$url`, `$options`, `$PathParameters`, …, `$vars`, `$flow`: globals of the run, copied as JSON. */
  variables: Record<string, unknown>;
  /** Sends the code's fetches. */
  fetch: FetchLike;
  timeoutMs: number;
  /** The caller's cancel: stops the code and aborts its fetches, like a timeout. */
  signal?: AbortSignal | undefined;
  /** The sandbox workers it runs on; default the process's. */
  pool?: SandboxPool | undefined;
}

/** What the code returned: its `typeof` ("null" for null) and its value as JSON copied it. */
export interface CustomCodeValue {
  type: string;
  value: unknown;
}

/** Why Custom Code gave no output: a throw, a syntax error, a limit or its sandbox failing. */
export class CustomCodeError extends Error {
  override readonly name = "CustomCodeError";
}

/**
 * Runs Custom Code in the sandbox (`runInSandbox`: QuickJS in WebAssembly, in a worker thread; no
 * object of Node's, no environment, no files, no processes, 64 MiB), with `fetch` and
 * `require('node-fetch')` asking this side, which sends through `run.fetch`. The time limit or the
 * caller's abort stops it, endless loops, timer loops and promise chains included.
 * @example
 * const { value } = await runCustomCode({ code: "return (await fetch($url)).status + ''", variables: { $url }, fetch, timeoutMs: 10_000 });
 */
export async function runCustomCode(run: CustomCodeRun): Promise<CustomCodeValue> {
  let outcome: SandboxOutcome;
  try {
    outcome = await runInSandbox({
      code: run.code,
      globals: run.variables,
      host: { fetch: createCustomCodeFetcher(run.fetch) },
      prelude: CUSTOM_CODE_PRELUDE,
      filename: "custom-code.js",
      timeoutMs: run.timeoutMs,
      memoryBytes: DEFAULT_SANDBOX_MEMORY_BYTES,
      signal: run.signal,
      pool: run.pool,
    });
  } catch (cause) {
    // JSON cannot carry the variables (a cycle, a BigInt in flow state).
    throw new CustomCodeError(
      `custom code failed: its variables cannot be sent: ${(cause as Error).message}`,
    );
  }
  if (outcome.ok) return { type: outcome.type, value: outcome.value };
  throw new CustomCodeError(failureMessage(outcome, run.timeoutMs));
}

function failureMessage(failure: Extract<SandboxOutcome, { ok: false }>, timeoutMs: number): string {
  switch (failure.reason) {
    case "compile":
      return `custom code does not compile: ${failure.message}`;
    case "throw":
      return `custom code threw: ${failure.message}`;
    case "timeout":
      return `custom code timed out after ${timeoutMs} ms`;
    case "aborted":
      return "custom code was aborted";
    case "memory":
      return `custom code failed: it ran out of memory (${DEFAULT_SANDBOX_MEMORY_BYTES / 1024 / 1024} MiB)`;
    default:
      return `custom code failed: ${failure.message}`;
  }
}
