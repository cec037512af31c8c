import type { LoadedTool } from "../../config/tool-config.js";
import { isInProcessFetch } from "../../net/fetch-like.js";
import type { OperationIndex } from "../../openapi/operation-index.js";
import type { Profile } from "../../profile.js";
import { createTool } from "../../runtime/create-tools.js";
import { withOutboundPolicy } from "../../runtime/outbound/with-outbound-policy.js";
import type { ToolRuntimeOptions } from "../../runtime/runtime-options.js";
import type { ExecutableTool, ToolResult } from "../../runtime/tool-result.js";
import type { Diagnostic } from "../diagnostic.js";
import { toolIdentity, toolName } from "../lint.js";
import type { GivenToLlm } from "../report.js";
import type { Finding } from "../rule.js";
import { createDryRunFetch, type DryRunFetch } from "./dry-run-fetch.js";
import { EMULATOR_HINTS, exampleArgs, type ProbeHints } from "./example-args.js";
import type { judgeExchange as JudgeExchange, ProbeFinding } from "./judge-exchange.js";
import { asOwnArgumentsInfo, ownArgumentsFault } from "./own-arguments.js";
import { type JudgedCall, type LiveWriteOutcome, probeLiveWrite } from "./probe-live-write.js";
import type { ProbeSymptom } from "./probe-symptom.js";
import { DEFAULT_PROBE_TIMEOUT_MS } from "./probe-timeout.js";
import { hostArgument, urlArgumentKeys, urlOnApi } from "./url-arguments.js";

/**
 * What a probe runs against: runtime options for one tool (a fresh emulator each time, or a real
 * service), given the tool and, for an OpenAPI toolkit, its loaded spec.
 */
export type ProbeTarget = (tool: LoadedTool, toolkitSpec: OperationIndex | undefined) => ProbeRuntime;

/** Runtime options, and how the report names where a URL was answered. */
export interface ProbeRuntime extends ToolRuntimeOptions {
  /** `spec emulator (Swagger Petstore)` for a URL answered by one; undefined for the embedded emulators. */
  describeTarget?: (url: string) => string | undefined;
  /** Whether one of tooldeck's emulators answers this URL (its statuses are then not the tool's to answer for). */
  emulates?: (url: string) => boolean;
  /**
   * A host that is neither emulated nor named (`--live`, `--allow-host`) is skipped with an info
   * finding instead of an error: nothing was wrong with the tool, there was only nothing to call.
   */
  skipsUnknownHosts?: boolean;
}

/** How `probe` calls each tool: the profile, where its calls go (`target`), the spec that judges the exchange, whether writes may reach a real service. */
export interface ProbeOptions {
  profile: Profile;
  target: ProbeTarget;
  spec?: OperationIndex;
  /** The description that judges each tool's exchange (its API's), instead of `spec` for every tool. */
  specOf?: (tool: LoadedTool) => OperationIndex | undefined;
  /** Each OpenAPI toolkit's loaded spec, by its `spec:` path (handed to the target). */
  toolkitSpecs?: ReadonlyMap<string, OperationIndex>;
  /**
   * Send POST/PUT/PATCH/DELETE too; without it only reads are probed (against a real service). A real
   * service's writes are undone (docs/rules.md, "probe").
   */
  allowWrites: boolean;
  hints?: ProbeHints;
  /** Each call's limit, under both profiles; default 10 s. */
  timeoutMs?: number;
  /** Called after each tool, for progress. */
  onTool?: (done: number, total: number) => void;
}

/** One executable tool's probe: the call it made and what was found. */
export interface ProbeRecord {
  tool: LoadedTool;
  name: string;
  result?: ToolResult;
  /** `PUT http://…/events → 404`, or why it was not sent. */
  sent: string;
  /** What the LLM is given of the tool; absent when it could not be built. */
  given?: GivenToLlm;
}

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Calls every tool once with arguments its schema accepts (seeded ids, a valid date-time, spec examples,
 * formats and patterns; a whole URL the model chooses on the judging API's) and judges the exchange: a
 * failed call or non-2xx answer is an error, with the evidence, or an info when tooldeck's own arguments
 * explain it (`ownArgumentsFault`); with a spec, a
 * request that is no operation, an invalid body, an undocumented status or an answer off its schema are
 * warnings. A write to a real service (not answered in the process) leaves it as it was: it acts on
 * an item made for it and what it makes is removed, or it is not sent (`probeLiveWrite`). Never throws
 * for a bad config.
 * @example
 * const { diagnostics } = await probe(loaded.tools, { profile: "standard", target: () => emulatorRuntime(), allowWrites: true });
 */
export async function probe(
  tools: readonly LoadedTool[],
  options: ProbeOptions,
): Promise<{ diagnostics: Diagnostic[]; records: ProbeRecord[] }> {
  const diagnostics: Diagnostic[] = [];
  const records: ProbeRecord[] = [];
  // Loaded on the first probe, not with the package: its schema checks bring in ajv.
  const { judgeExchange } = await import("./judge-exchange.js");
  for (const [index, tool] of tools.entries()) {
    const toolkitSpec =
      tool.config.kind === "openapi-toolkit" ? options.toolkitSpecs?.get(tool.config.spec) : undefined;
    const target = options.target(tool, toolkitSpec);
    // Writes are looked at before they are sent (one to a real service must be undone after), and so is
    // where a URL argument sends a call.
    const dry = createDryRunFetch(target.fetch);
    const runtime = { ...target, profile: options.profile, fetch: dry.fetch };
    let executables: ExecutableTool[];
    try {
      executables = await createTool(tool.config, runtime);
    } catch (error) {
      diagnostics.push(
        probeDiagnostic(
          tool,
          toolName(tool),
          "error",
          `cannot run under ${options.profile}: ${(error as Error).message}`,
        ),
      );
      records.push({ tool, name: toolName(tool), sent: "not run" });
      continue;
    }
    for (const executable of executables) {
      const context = { tool, executable, options, runtime, judge: judgeExchange, dry };
      // With an API map a toolkit's exchange is judged by its own description, as its API's.
      const judgeSpec = options.specOf ? (toolkitSpec ?? options.specOf(tool)) : options.spec;
      const record = await probeOne({ ...context, spec: toolkitSpec ?? judgeSpec, judgeSpec });
      const given = { description: executable.description, inputSchema: executable.inputSchema };
      records.push({ ...record.record, given });
      diagnostics.push(...record.diagnostics);
    }
    options.onTool?.(index + 1, tools.length);
  }
  return { diagnostics, records };
}

/** One executable's probe, and what it needs. */
interface ProbeContext {
  tool: LoadedTool;
  executable: ExecutableTool;
  options: ProbeOptions;
  runtime: ProbeRuntime;
  judge: typeof JudgeExchange;
  /** Sends as the runtime would, or shows where a call would go without sending it. */
  dry: DryRunFetch;
  /** Where a write's operations are looked up: the toolkit's own description, else the checked one. */
  spec: OperationIndex | undefined;
  /** What the exchange is judged by: the tool's API's description (or, without an API map, the checked one). */
  judgeSpec: OperationIndex | undefined;
}

interface ProbeOutcome {
  record: ProbeRecord;
  diagnostics: Diagnostic[];
}

async function probeOne(context: ProbeContext): Promise<ProbeOutcome> {
  const { tool, executable, options, dry } = context;
  const method = executable.endpoint?.method ?? "GET";
  if (executable.notProbed) return notSent(context, `not probed (${executable.notProbed})`, []);
  const write = WRITES.has(method);
  if (write && !options.allowWrites)
    return notSent(context, `${method} not probed (writes need --allow-writes)`, []);
  const hints = options.hints ?? EMULATOR_HINTS;
  const planned = await withApiUrl(context, exampleArgs(executable.inputSchema, hints));
  if ("notProbed" in planned) {
    const message = `not probed: ${planned.notProbed}`;
    const sent = `${method} ${executable.endpoint?.url ?? ""} → not probed`;
    return notSent(context, sent, [probeDiagnostic(tool, executable.name, "info", message)]);
  }
  const { args, note } = planned;
  const request = write ? await dryRun(context, dry, args) : undefined;
  if (request && !isInProcessFetch(dry.fetch, request.url)) {
    const outcome = await probeLiveWrite({
      request,
      spec: context.spec,
      ...(context.runtime.baseUrl !== undefined ? { baseUrl: context.runtime.baseUrl } : {}),
      hints,
      timeoutMs: timeoutOf(options),
      fetch: withOutboundPolicy(outboundOf(context.runtime, dry)).fetch ?? dry.fetch,
      argsFor: (given) => exampleArgs(executable.inputSchema, given),
      dryRun: (given) => dryRun(context, dry, given),
      call: (given) => callAndJudge(context, given),
    });
    return liveWriteRecord(context, outcome);
  }
  const call = await callAndJudge(context, args);
  const skipped = context.runtime.skipsUnknownHosts ? unknownHost(call.result) : undefined;
  const why =
    call.result.notReproduced ??
    (skipped === undefined
      ? undefined
      : `${skipped} has no OpenAPI description and is not called without --live (give --spec, or --live --allow-host ${skipped})`);
  if (why !== undefined) {
    const message = `not probed: ${why}`;
    const diagnostic = probeDiagnostic(tool, executable.name, "info", message);
    // One reason on many tools (a variable or credential nobody gave) is one finding naming them.
    if (call.result.notReproduced !== undefined) diagnostic.cause = { id: `probe:${why}`, summary: message };
    return {
      record: {
        tool,
        name: executable.name,
        result: call.result,
        sent: `${method} ${call.result.request?.url ?? executable.endpoint?.url ?? ""} → not probed`,
      },
      diagnostics: [diagnostic],
    };
  }
  return {
    record: { tool, name: executable.name, result: call.result, sent: sentLine(context, call.result, note) },
    diagnostics: toDiagnostics(context, call.findings),
  };
}

type PlannedArgs = { args: unknown; note?: string } | { notProbed: string };

/**
 * The arguments with a URL on the API the probe answers for, when the model chooses the tool's whole
 * URL (tooldeck's made-up one would only show tooldeck's mistake): --base-url, or the description that
 * judges the tool; without either the tool is not probed.
 */
async function withApiUrl(context: ProbeContext, args: unknown): Promise<PlannedArgs> {
  const keys = urlArgumentKeys(context.executable.inputSchema);
  if (keys.length === 0 || typeof args !== "object" || args === null) return { args };
  const invoke = (given: unknown) =>
    context.executable.invoke(given, { signal: AbortSignal.timeout(timeoutOf(context.options)) });
  const chosen = await hostArgument(context.dry, invoke, args as Record<string, unknown>, keys);
  if (chosen === undefined) return { args };
  const { key, whole } = chosen;
  const onApi = urlOnApi(context.judgeSpec, context.runtime.baseUrl, whole);
  if (!onApi)
    return {
      notProbed: `the model chooses the URL (${key}), and no OpenAPI description or --base-url says which API it calls`,
    };
  return {
    args: { ...args, [key]: onApi.url },
    note: `the model chooses the URL: ${key} set to one on ${onApi.api}`,
  };
}

/** The request the tool would send with these arguments; nothing is sent. */
function dryRun(context: ProbeContext, dry: DryRunFetch, args: unknown) {
  const signal = AbortSignal.timeout(timeoutOf(context.options));
  return dry.dryRun(() => context.executable.invoke(args, { signal }));
}

/** The options the tools send with, for the probe's own requests: the same fetch behind the same guard. */
function outboundOf(runtime: ProbeRuntime, dry: DryRunFetch): ToolRuntimeOptions {
  return { fetch: dry.fetch, ...(runtime.outbound ? { outbound: runtime.outbound } : {}) };
}

async function callAndJudge(context: ProbeContext, args: unknown): Promise<JudgedCall> {
  const { tool, options } = context;
  const timeoutMs = timeoutOf(options);
  const deadline = AbortSignal.timeout(timeoutMs);
  const result = await context.executable.invoke(args, { signal: deadline });
  const method = context.executable.endpoint?.method ?? "GET";
  const findings: ProbeFinding[] = deadline.aborted
    ? [{ message: `${method} got no answer within ${timeoutMs} ms (--timeout)` }]
    : [
        ...context.judge(result, context.judgeSpec, { emulated: emulated(context, result) }),
        ...judgeOutputLength(tool, result),
      ];
  const fault = ownArgumentsFault(context.executable.inputSchema, args, findings);
  return { result, findings: fault === undefined ? findings : asOwnArgumentsInfo(findings, fault) };
}

/** Whether the call was answered by one of tooldeck's emulators, not by a real service. */
function emulated(context: ProbeContext, result: ToolResult): boolean {
  return result.request !== undefined && (context.runtime.emulates?.(result.request.url) ?? false);
}

/** `PUT http://…/events → 404 (--base-url)`: what was sent, where, and what came back. */
function sentLine(context: ProbeContext, result: ToolResult, note?: string): string {
  const { request, response } = result;
  if (!request) return "not sent";
  const status = response ? ` → ${response.status}` : " → no answer";
  const via = [context.runtime.describeTarget?.(request.url), note].filter(Boolean).join("; ");
  return `${request.method} ${request.url}${status}${via ? ` (${via})` : ""}`;
}

function liveWriteRecord(context: ProbeContext, outcome: LiveWriteOutcome): ProbeOutcome {
  const { tool, executable } = context;
  const own = toDiagnostics(context, outcome.findings);
  if (!outcome.call) return notSent(context, outcome.notSent ?? "not sent", own);
  const { result, findings } = outcome.call;
  const sent = outcome.show(sentLine(context, result, outcome.note));
  const judged = toDiagnostics(context, findings).map((d) => ({ ...d, message: outcome.show(d.message) }));
  return { record: { tool, name: executable.name, result, sent }, diagnostics: [...judged, ...own] };
}

function notSent(context: ProbeContext, sent: string, diagnostics: Diagnostic[]): ProbeOutcome {
  return { record: { tool: context.tool, name: context.executable.name, sent }, diagnostics };
}

function toDiagnostics(context: ProbeContext, findings: readonly ProbeFinding[]): Diagnostic[] {
  return findings.map((finding) =>
    probeDiagnostic(
      context.tool,
      context.executable.name,
      finding.severity ?? "error",
      finding.message,
      finding.symptom,
    ),
  );
}

function timeoutOf(options: ProbeOptions): number {
  return options.timeoutMs ?? DEFAULT_PROBE_TIMEOUT_MS;
}

/** The host the outbound guard refused because nobody named it, if that is why the call failed. */
function unknownHost(result: ToolResult): string | undefined {
  if (result.response) return undefined;
  return / refused: host (\S+) is not allowed /.exec(` ${result.output}`)?.[1];
}

/** Rule 12, seen live: the answer is longer than what the LLM is shown. */
function judgeOutputLength(tool: LoadedTool, result: ToolResult): Finding[] {
  const max = tool.config.kind === "request" ? tool.config.maxOutputLength : undefined;
  const length = result.response?.body.length ?? 0;
  if (!result.ok || max === undefined || length <= max) return [];
  const message = `the answer has ${length} characters and the LLM is shown the first ${max}: it reads a cut document`;
  return [{ severity: "warning", message }];
}

function probeDiagnostic(
  tool: LoadedTool,
  name: string,
  severity: Diagnostic["severity"],
  message: string,
  symptom?: ProbeSymptom,
): Diagnostic {
  const { node } = toolIdentity(tool);
  const diagnostic: Diagnostic = {
    code: "probe",
    severity,
    tool: name,
    ...(node && name !== node ? { node } : {}),
    file: tool.source.file,
    path: tool.source.path,
    message,
  };
  if (symptom) diagnostic.symptom = symptom;
  return diagnostic;
}
