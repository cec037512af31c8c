import type { FetchLike } from "../../../../net/fetch-like.js";
import type { Profile } from "../../../../profile.js";
import type { HostRefusal } from "../../../../runtime/profiles/private-host-refusal.js";
import { runInSandbox, type SandboxOutcome } from "../../../../runtime/sandbox/run-in-sandbox.js";
import { DEFAULT_SANDBOX_MEMORY_BYTES } from "../../../../runtime/sandbox/sandbox-limits.js";
import type { SandboxPool } from "../../../../runtime/sandbox/sandbox-pool.js";
import type { ToolRequest, ToolResponse } from "../../../../runtime/tool-result.js";
import { createCustomCodeFetcher } from "../../../../runtime/toolkit/custom-code-fetch.js";
import { createRecordingFetch } from "../../../../runtime/toolkit/recording-fetch.js";
import type { CustomToolRow } from "../custom-tool-row.js";
import { type CustomToolArgsContract, customToolArguments } from "./custom-tool-arguments.js";
import { customToolPrelude } from "./custom-tool-guest.js";
import {
  type CustomToolOutput,
  type ReturnedValue,
  shapeReturnValue,
  toCustomToolOutput,
} from "./custom-tool-output.js";
import { type CustomToolFlow, customToolGlobals } from "./custom-tool-scope.js";
import { createFlowiseRedirectFetch } from "./flowise-redirect-fetch.js";

/** Flowise 3.1.4's prefix of anything thrown inside the code, a syntax error included (reference §9). */
export const NODEVM_ERROR = "NodeVM Execution Error:";

/** What one call of a Custom Tool runs with. */
export interface CustomToolContext {
  profile: Profile;
  /** tooldeck's fetch, behind its outbound guard: every hop of the code's requests goes through it. */
  fetch: FetchLike;
  /** The profile's host policy (Flowise's deny list, or none), judged on every hop before the guard. */
  refusal: HostRefusal;
  /** `$vars`, runtime variables already resolved (`customToolVars`). */
  vars: Record<string, string>;
  flow: CustomToolFlow;
  /** tooldeck's limit for the whole call; Flowise has none. */
  timeoutMs: number;
  signal?: AbortSignal | undefined;
  /** The sandbox workers the code runs on; undefined = the process's. */
  sandbox?: SandboxPool | undefined;
}

/** Why a call gave no output: its arguments, a throw, tooldeck's time limit, or the sandbox. */
export type CustomToolFailure = "arguments" | "throw" | "timeout" | "memory" | "aborted" | "sandbox";

/** The outcome of one call, with the last HTTP exchange the code made. */
export type CustomToolRun = {
  request?: ToolRequest;
  response?: ToolResponse;
} & ({ ok: true; output: CustomToolOutput } | { ok: false; reason: CustomToolFailure; error: string });

/** What the guest wrapper resolves with: the shaped value, or the text of what was thrown. */
type GuestAnswer = ReturnedValue | { type: "thrown"; text: string };

/**
 * Calls a Custom Tool as Flowise 3.1.4 does (reference flowise-custom-tool.md §4–§9), in tooldeck's
 * sandbox (`runInSandbox`: QuickJS in WebAssembly in a worker thread, 64 MiB, no code from strings,
 * `timeoutMs`): the arguments converted and validated, then `func` run as `async function () { <func> }`
 * with `$input`, one `$<key>` per argument kept, `$vars` and `$flow`, and `require` answering
 * Flowise's allow-list, its requests through `context.fetch` with Flowise's redirect rules; the value
 * it resolves to shaped by Flowise's rules; a throw or a syntax error is
 * `NodeVM Execution Error: <String(error)>`. Where Flowise has no limit (time), tooldeck's holds and
 * the error says what Flowise would do.
 * @example
 * const run = await executeCustomTool(row, { city: "Paris" }, context);
 * // { ok: true, output: '{"temp":21}' }
 */
export async function executeCustomTool(
  row: CustomToolRow,
  args: unknown,
  context: CustomToolContext,
): Promise<CustomToolRun> {
  const parsed = argumentsOf(row, context.profile).parse(args);
  if (!parsed.ok) return { ok: false, reason: "arguments", error: parsed.error };
  const recorder = createRecordingFetch(context.fetch);
  const send = createFlowiseRedirectFetch(recorder.fetch, context.refusal);
  const prelude = customToolPrelude(row.func);
  let outcome: SandboxOutcome;
  try {
    outcome = await runInSandbox({
      code: guestProgram(row.func),
      globals: customToolGlobals(parsed.value, context.vars, context.flow),
      host: { fetch: createCustomCodeFetcher(send) },
      prelude,
      filename: "custom-tool.js",
      timeoutMs: context.timeoutMs,
      memoryBytes: DEFAULT_SANDBOX_MEMORY_BYTES,
      signal: context.signal,
      pool: context.sandbox,
    });
  } catch (cause) {
    // JSON cannot carry the globals (a cycle, a BigInt in the flow's state).
    const error = `custom tool failed: its variables cannot be sent: ${(cause as Error).message}`;
    return { ok: false, reason: "sandbox", error };
  }
  const exchange = await recorder.lastExchange();
  return { ...exchange, ...fromOutcome(outcome, row.name, context.timeoutMs) };
}

/** Each row's contract per profile, made once: a tool is called many times with the same schema. */
const contracts = new WeakMap<CustomToolRow["schema"], Map<Profile, CustomToolArgsContract>>();

function argumentsOf(row: CustomToolRow, profile: Profile): CustomToolArgsContract {
  let byProfile = contracts.get(row.schema);
  if (!byProfile) {
    byProfile = new Map();
    contracts.set(row.schema, byProfile);
  }
  let contract = byProfile.get(profile);
  if (!contract) {
    contract = customToolArguments(row, profile);
    byProfile.set(profile, contract);
  }
  return contract;
}

/**
 * The code as Flowise wraps it, inside a catch that turns what it throws into `String(error)` (with
 * QuickJS's `'x' is not defined` written as V8 writes it, the text Flowise shows) and a shaping of
 * what it resolves to; running out of memory is left to the sandbox, which reports it as such.
 */
function guestProgram(func: string): string {
  return `const shapeReturned = ${shapeReturnValue};
const describeThrown = ${describeThrown};
let returned;
try {
  returned = await (async function () {
${func}
  })();
} catch (error) {
  if (error instanceof InternalError && error.message === "out of memory") throw error;
  return { type: "thrown", text: describeThrown(error) };
}
return shapeReturned(returned);`;
}

/** Runs inside the sandbox: `String(thrown)`, as Flowise's message has it. It uses nothing of this file's scope. */
export function describeThrown(thrown: unknown): string {
  let text: string;
  try {
    text = String(thrown);
  } catch {
    text = "a value that cannot be turned into text";
  }
  return text.replace(/^ReferenceError: '(.*)' is not defined$/, "ReferenceError: $1 is not defined");
}

function fromOutcome(
  outcome: SandboxOutcome,
  name: string,
  timeoutMs: number,
): { ok: true; output: CustomToolOutput } | { ok: false; reason: CustomToolFailure; error: string } {
  if (outcome.ok) {
    const answer = outcome.value as GuestAnswer;
    if (answer.type === "thrown")
      return { ok: false, reason: "throw", error: `${NODEVM_ERROR} ${answer.text}` };
    return { ok: true, output: toCustomToolOutput(answer) };
  }
  switch (outcome.reason) {
    case "compile":
      return { ok: false, reason: "throw", error: `${NODEVM_ERROR} SyntaxError: ${outcome.message}` };
    case "timeout":
      return {
        ok: false,
        reason: "timeout",
        error: `custom tool ${name} timed out after ${timeoutMs} ms (in Flowise this call would hang the server: it sets no time limit)`,
      };
    case "memory":
      return {
        ok: false,
        reason: "memory",
        error: `custom tool ${name} failed: it ran out of memory (${DEFAULT_SANDBOX_MEMORY_BYTES / 1024 / 1024} MiB)`,
      };
    case "aborted":
      return { ok: false, reason: "aborted", error: `custom tool ${name} was aborted` };
    default:
      return { ok: false, reason: "sandbox", error: `custom tool ${name} failed: ${outcome.message}` };
  }
}
