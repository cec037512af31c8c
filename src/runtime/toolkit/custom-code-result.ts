import type { ToolResult } from "../tool-result.js";
import { createRecordingFetch } from "./recording-fetch.js";
import type { CustomCodeValue } from "./run-custom-code.js";
import type { ToolkitContext } from "./toolkit-context.js";

/**
 * Runs the toolkit's Custom Code for one call (in the sandbox, see `runCustomCode`) and shapes the
 * tool result: `toOutput` is the profile's reading of what the code returned (Flowise stringifies an
 * object or number, the standard profile wants a string). Either way, a throw, a timeout or no result
 * at all is a failed call whose output says why.
 */
export async function customCodeResult(
  context: ToolkitContext,
  toOutput: CustomCodeOutput,
  variables: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<ToolResult> {
  const recorder = createRecordingFetch(context.fetch);
  // Loaded only when code runs (--allow-code): it starts a worker, which linting and probing never do.
  const { CustomCodeError, runCustomCode } = await import("./run-custom-code.js");
  let result: CustomCodeValue;
  try {
    result = await runCustomCode({
      code: context.config.customCode ?? "",
      variables,
      fetch: recorder.fetch,
      timeoutMs: context.customCodeTimeoutMs,
      signal,
      pool: context.sandbox,
    });
  } catch (cause) {
    const error = cause instanceof CustomCodeError ? cause.message : `custom code failed: ${String(cause)}`;
    return { ok: false, output: error, error, ...(await recorder.lastExchange()) };
  }
  const exchange = await recorder.lastExchange();
  const output = toOutput(result);
  if (output === undefined) {
    const error = `custom code must return a string, got ${result.type}`;
    return { ok: false, output: error, error, ...exchange };
  }
  return { ok: true, output, ...exchange };
}

/** What the LLM is given for the value Custom Code returned; undefined when the profile takes none. */
export type CustomCodeOutput = (result: CustomCodeValue) => string | undefined;

/**
 * What Custom Code sees: every top-level argument as `$<key>`, then `$url`, `$options` (method,
 * headers, body) and copies of `$vars` and `$flow`.
 */
export function customCodeVariables(
  args: Record<string, unknown>,
  url: string,
  options: Record<string, unknown>,
  context: ToolkitContext,
): Record<string, unknown> {
  const variables: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args)) variables[`$${key}`] = value;
  return {
    ...variables,
    $url: url,
    $options: options,
    $vars: { ...context.vars },
    $flow: { ...context.flow },
  };
}
