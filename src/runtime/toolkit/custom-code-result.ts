import type { Profile } from "../../profile.js";
import type { ToolResult } from "../tool-result.js";
import { createRecordingFetch } from "./recording-fetch.js";
import type { CustomCodeValue } from "./run-custom-code.js";
import type { ToolkitContext } from "./toolkit-context.js";

/**
 * Runs the toolkit's Custom Code for one call (in its own process, see `runCustomCode`) and shapes the
 * tool result. Flowise stringifies an
 * object or number result; the standard profile wants a string. Either way, a throw, a timeout or no
 * result at all is a failed call whose output says why.
 */
export async function customCodeResult(
  context: ToolkitContext,
  profile: Profile,
  variables: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<ToolResult> {
  const recorder = createRecordingFetch(context.fetch);
  // Loaded only when code runs (--allow-code): it starts a process, which linting and probing never do.
  const { CustomCodeError, runCustomCode } = await import("./run-custom-code.js");
  let result: CustomCodeValue;
  try {
    result = await runCustomCode({
      code: context.config.customCode ?? "",
      variables,
      fetch: recorder.fetch,
      timeoutMs: context.customCodeTimeoutMs,
      signal,
    });
  } catch (cause) {
    const error = cause instanceof CustomCodeError ? cause.message : `custom code failed: ${String(cause)}`;
    return { ok: false, output: error, error, ...(await recorder.lastExchange()) };
  }
  const exchange = await recorder.lastExchange();
  const output = toOutput(result, profile);
  if (output === undefined) {
    const error = `custom code must return a string, got ${result.type}`;
    return { ok: false, output: error, error, ...exchange };
  }
  return { ok: true, output, ...exchange };
}

function toOutput({ type, value }: CustomCodeValue, profile: Profile): string | undefined {
  if (typeof value === "string" && type === "string") return value;
  if (profile === "standard" || value === undefined || value === null) return undefined;
  return JSON.stringify(value);
}

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
