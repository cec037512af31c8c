import { createContext, Script } from "node:vm";
import type { FetchLike } from "../../openapi/spec-location.js";

/** The default limit of Custom Code: its synchronous run and everything it awaits. */
export const DEFAULT_CUSTOM_CODE_TIMEOUT_MS = 10_000;

export interface CustomCodeRun {
  /** A JavaScript function body; `await` is allowed; it returns the tool output. */
  code: string;
  /** `$url`, `$options`, `$PathParameters`, …, `$vars`, `$flow`: globals of the run. */
  variables: Record<string, unknown>;
  fetch: FetchLike;
  timeoutMs: number;
  /** The caller's cancel: aborts the code's fetches and ends the run like a timeout. */
  signal?: AbortSignal | undefined;
}

/** Why Custom Code gave no output: a throw, a syntax error, or the time limit. */
export class CustomCodeError extends Error {
  override readonly name = "CustomCodeError";
}

/**
 * Runs Custom Code in a fresh `node:vm` context whose globals are the variables, `fetch` (the injected
 * one), a `require` that only knows `node-fetch` (Flowise's default code asks for it), URL helpers,
 * timers and a silent console; nothing of the host's module system, `process` or file system.
 * `node:vm` is NOT a security boundary: this is for code the config owner wrote, as in Flowise.
 * The time limit bounds the synchronous run (vm's own timeout) and what the code awaits (a timer that
 * also aborts its fetches); a synchronous endless loop after an `await` cannot be interrupted.
 */
export async function runCustomCode(run: CustomCodeRun): Promise<unknown> {
  const started = performance.now();
  const controller = new AbortController();
  const script = compile(run.code);
  const context = createContext(sandboxGlobals(run, controller.signal), {
    codeGeneration: { strings: false, wasm: false },
  });
  let result: unknown;
  try {
    result = script.runInContext(context, { timeout: run.timeoutMs });
  } catch (cause) {
    throw asCustomCodeError(cause, run.timeoutMs);
  }
  const remaining = Math.max(0, run.timeoutMs - (performance.now() - started));
  let timer: NodeJS.Timeout | undefined;
  let onAbort = () => {};
  const deadline = new Promise<never>((_, reject) => {
    const stop = (message: string) => {
      controller.abort();
      reject(new CustomCodeError(message));
    };
    timer = setTimeout(() => stop(`custom code timed out after ${run.timeoutMs} ms`), remaining);
    onAbort = () => stop("custom code was aborted");
    if (run.signal?.aborted) onAbort();
    run.signal?.addEventListener("abort", onAbort, { once: true });
  });
  try {
    return await Promise.race([result, deadline]);
  } catch (cause) {
    throw asCustomCodeError(cause, run.timeoutMs);
  } finally {
    clearTimeout(timer);
    run.signal?.removeEventListener("abort", onAbort);
  }
}

function compile(code: string): Script {
  try {
    return new Script(`(async () => {\n${code}\n})()`, { filename: "custom-code.js" });
  } catch (cause) {
    throw new CustomCodeError(`custom code does not compile: ${(cause as Error).message}`, { cause });
  }
}

function sandboxGlobals(run: CustomCodeRun, signal: AbortSignal): Record<string, unknown> {
  // node-fetch upper-cases every method; Flowise passes "patch", which WHATWG fetch would send as is.
  const fetch = (input: string | URL | Request, init: RequestInit = {}) =>
    run.fetch(input, { ...init, method: init.method?.toUpperCase() ?? "GET", signal: init.signal ?? signal });
  const silent = () => {};
  return {
    ...run.variables,
    fetch,
    require: (name: string) => {
      if (name === "node-fetch") return fetch;
      throw new Error(
        `Cannot find module '${name}': custom code has no module system (only 'node-fetch' is provided)`,
      );
    },
    console: { log: silent, info: silent, warn: silent, error: silent, debug: silent },
    URL,
    URLSearchParams,
    Headers,
    Request,
    Response,
    AbortController,
    TextEncoder,
    TextDecoder,
    setTimeout,
    clearTimeout,
  };
}

function asCustomCodeError(cause: unknown, timeoutMs: number): CustomCodeError {
  if (cause instanceof CustomCodeError) return cause;
  const error = cause as Error | undefined;
  const message = typeof error?.message === "string" ? error.message : String(cause);
  if ((error as NodeJS.ErrnoException | undefined)?.code === "ERR_SCRIPT_EXECUTION_TIMEOUT") {
    return new CustomCodeError(`custom code timed out after ${timeoutMs} ms`, { cause });
  }
  return new CustomCodeError(`custom code threw: ${message}`, { cause });
}
