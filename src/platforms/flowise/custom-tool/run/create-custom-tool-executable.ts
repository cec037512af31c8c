import { randomUUID } from "node:crypto";
import { withOutboundPolicy } from "../../../../runtime/outbound/with-outbound-policy.js";
import { privateHostRefusal } from "../../../../runtime/profiles/private-host-refusal.js";
import { STANDARD_PROFILE } from "../../../../runtime/profiles/standard.js";
import type { ToolProfile } from "../../../../runtime/profiles/tool-profile.js";
import { RunEndingFailure } from "../../../../runtime/run-ending-failure.js";
import type { ToolRuntimeOptions } from "../../../../runtime/runtime-options.js";
import type { ExecutableTool, ToolResult } from "../../../../runtime/tool-result.js";
import { DEFAULT_CUSTOM_CODE_TIMEOUT_MS } from "../../../../runtime/toolkit/custom-code-policy.js";
import { FLOWISE_PROFILE } from "../../runtime/flowise-profile.js";
import { varsGiven, varsRead } from "../analysis/vars-read.js";
import type { CustomToolRow } from "../custom-tool-row.js";
import { customToolJsonSchema } from "../custom-tool-schema.js";
import { customToolArguments } from "./custom-tool-arguments.js";
import type { CustomToolOutput } from "./custom-tool-output.js";
import { type CustomToolCaller, type CustomToolFlow, customToolVars } from "./custom-tool-scope.js";
import type { CustomToolContext } from "./execute-custom-tool.js";

/** What a call's failure does: shown to the model (a chatflow), or the end of the run (Agentflow V2). */
export type CustomToolFailures = "observe" | "fail-run";

/** Where and how a Custom Tool runs, besides the runtime options. */
export interface CustomToolSettings {
  /** Default `chatflow` (V1). */
  caller?: CustomToolCaller;
  /** Default: `observe` in a chatflow, `fail-run` in Agentflow V2 (reference §9). */
  failures?: CustomToolFailures;
  /** Names of Flowise `runtime` variables the code may read in `$vars`: from `--var`, else `''` and a warning. */
  runtimeVariables?: readonly string[];
  /** Told each warning once, when the tool is made. */
  onWarning?: (message: string) => void;
  /** The whole call's limit; default 10 s (Flowise has none). */
  timeoutMs?: number;
  returnDirect?: boolean;
  /** The ids `$flow` carries; default random ones, fixed for the tool's life. */
  ids?: Partial<Pick<CustomToolFlow, "chatflowId" | "sessionId" | "chatId">>;
}

/** A Custom Tool call that failed in Agentflow V2: the Agent node throws it, and the run fails (reference §9). */
export class CustomToolRunFailed extends RunEndingFailure {
  override readonly name = "CustomToolRunFailed";
}

/** What the call says without --allow-code: the code of a Custom Tool is its whole behaviour. */
export function customToolNotRunMessage(name: string): string {
  return `custom tool ${name}: its code was not run (it runs only with --allow-code, in a sandbox)`;
}

/**
 * A Custom Tool as an executable tool, for the `custom-tool` kind of the Flowise platform: the schema
 * the model is given (Flowise's, through zod-to-json-schema), the profile's argument handling, and
 * each call run by `executeCustomTool` in the sandbox, its requests behind the outbound guard
 * (`options.outbound`) and the profile's host policy. Without `options.allowCode` no code runs: the
 * call fails saying so. A failure is the model's observation in a chatflow; in Agentflow V2 the call
 * throws `CustomToolRunFailed`.
 * @example
 * const tool = createCustomToolExecutable(row, { profile: "flowise", allowCode: true, fetch: emulator.fetch });
 * const result = await tool.invoke({ city: "Paris" });
 */
export function createCustomToolExecutable(
  row: CustomToolRow,
  options: ToolRuntimeOptions,
  settings: CustomToolSettings = {},
): ExecutableTool {
  const profile = options.profile ?? "standard";
  const contract = customToolArguments(row, profile);
  const tool: ExecutableTool = {
    name: customToolName(row.name, profile),
    description: row.description,
    inputSchema: customToolJsonSchema(row),
    coerceArgs: contract.coerce,
    invoke: async () => notRun(row.name),
  };
  if (settings.returnDirect !== undefined) tool.returnDirect = settings.returnDirect;
  if (!options.allowCode) {
    tool.notProbed = "its code was not run; its calls are judged from the code";
    return tool;
  }
  const context = contextOf(row, options, settings);
  const failures = settings.failures ?? (context.flow.caller === "chatflow" ? "observe" : "fail-run");
  tool.invoke = async (args, invokeOptions = {}) => {
    // Loaded only when code runs (--allow-code): it starts a sandbox worker.
    const { executeCustomTool } = await import("./execute-custom-tool.js");
    const run = await executeCustomTool(row, args, { ...context, signal: invokeOptions.signal });
    const { request, response } = run;
    const exchange = { ...(request ? { request } : {}), ...(response ? { response } : {}) };
    if (run.ok)
      return { ok: true, output: outputText(run.output), ...passedOn(run.output, context), ...exchange };
    if (failures === "fail-run")
      throw new CustomToolRunFailed(runFailureText(run.error, context.flow.caller));
    return { ok: false, output: run.error, error: run.error, ...exchange };
  };
  return tool;
}

/**
 * The text a failure ends an Agentflow V2 run with: the Agent node throws the tool's error as it is, the
 * Tool node wraps it in a new `Error` (`Tool.js`), so its text gains `Error: ` (reference §9).
 */
function runFailureText(error: string, caller: CustomToolCaller): string {
  return caller === "agentflow-tool" ? `Error: ${error}` : error;
}

/**
 * Flowise checks no Custom Tool name (`Get Weather (1)` reaches the model as it is, reference §2,
 * def-name-unrestricted); any other profile gives the name its providers accept.
 */
export function customToolName(name: string, profile: ToolRuntimeOptions["profile"]): string {
  return profile === "flowise" ? name : profileObject(profile).toolName(name);
}

/**
 * The profile a Custom Tool runs under: Flowise's own, else the standard one (what the config means).
 * Not through the registry, which lists this platform and so would import this file back.
 */
function profileObject(profile: ToolRuntimeOptions["profile"]): ToolProfile {
  return profile === "flowise" ? FLOWISE_PROFILE : STANDARD_PROFILE;
}

/**
 * `$vars` holds only the variables the code names (`$vars.x`), so code given no secret cannot reveal
 * one in any spelling; code that reads `$vars` as a whole gets every variable, and a warning says so.
 */
function varsOfCode(
  row: CustomToolRow,
  vars: Record<string, string>,
  warn: (message: string) => void,
): Record<string, string> {
  const read = varsRead(row.func);
  if ("all" in read && Object.keys(vars).length > 0)
    warn(
      `custom tool ${row.name}: line ${read.line} reads $vars as a whole, not as $vars.<name>: its code is given every variable, secrets included`,
    );
  return varsGiven(vars, read);
}

function contextOf(
  row: CustomToolRow,
  given: ToolRuntimeOptions,
  settings: CustomToolSettings,
): Omit<CustomToolContext, "signal"> {
  const options = given.outbound ? withOutboundPolicy(given) : given;
  const profile = options.profile ?? "standard";
  const flow: CustomToolFlow = {
    caller: settings.caller ?? "chatflow",
    chatflowId: settings.ids?.chatflowId ?? randomUUID(),
    sessionId: settings.ids?.sessionId ?? randomUUID(),
    chatId: settings.ids?.chatId ?? randomUUID(),
    input: options.question ?? "",
  };
  if (options.flowState) flow.state = options.flowState;
  const warn = settings.onWarning ?? (() => {});
  return {
    profile,
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    refusal: privateHostRefusal(profileObject(profile), options),
    vars: varsOfCode(row, customToolVars(options.vars ?? {}, settings.runtimeVariables ?? [], warn), warn),
    flow,
    timeoutMs: settings.timeoutMs ?? DEFAULT_CUSTOM_CODE_TIMEOUT_MS,
    sandbox: options.sandbox,
  };
}

function notRun(name: string): ToolResult {
  const error = customToolNotRunMessage(name);
  return { ok: false, output: error, error };
}

/**
 * What Flowise's caller is given when the code returns no text (reference flowise-custom-tool.md §8-9):
 * `0` and `false` untouched, to a chatflow's agent and to an Agentflow V2 Agent, and no value at all
 * (`undefined`) to the Agent, whose tool message holds it as returned; a chatflow's observation of no
 * value is `''` and the Tool node's output is text. Only under the flowise profile.
 */
function passedOn(
  output: CustomToolOutput,
  context: Omit<CustomToolContext, "signal">,
): Pick<ToolResult, "value"> {
  if (context.profile !== "flowise" || typeof output === "string") return {};
  const caller = context.flow.caller;
  if (caller === "agentflow-agent" || (caller === "chatflow" && output !== undefined))
    return { value: output };
  return {};
}

/** The text the model is given: a chatflow's observation is `''` for no value; 0 and false read as such. */
function outputText(output: CustomToolOutput): string {
  return output === undefined ? "" : String(output);
}
