import type { LoadedTool } from "../../config/tool-config.js";
import type { OperationIndex } from "../../openapi/operation-index.js";
import type { Profile } from "../../profile.js";
import { createTool } from "../../runtime/create-tools.js";
import type { ToolRuntimeOptions } from "../../runtime/runtime-options.js";
import type { ExecutableTool, ToolResult } from "../../runtime/tool-result.js";
import type { Diagnostic } from "../diagnostic.js";
import { toolName } from "../lint.js";
import type { Finding } from "../rule.js";
import { EMULATOR_HINTS, exampleArgs, type ProbeHints } from "./example-args.js";
import type { judgeExchange as JudgeExchange, ProbeFinding } from "./judge-exchange.js";
import type { ProbeSymptom } from "./probe-symptom.js";
import { DEFAULT_PROBE_TIMEOUT_MS } from "./probe-timeout.js";

/**
 * What a probe runs against: runtime options for one tool (a fresh emulator each time, or a real
 * service), given the tool and, for an OpenAPI toolkit, its loaded spec.
 */
export type ProbeTarget = (tool: LoadedTool, toolkitSpec: OperationIndex | undefined) => ProbeRuntime;

/** Runtime options, and how the report names where a URL was answered. */
export interface ProbeRuntime extends ToolRuntimeOptions {
  /** `spec emulator (Swagger Petstore)` for a URL answered by one; undefined for the embedded emulators. */
  describeTarget?: (url: string) => string | undefined;
  /**
   * A host that is neither emulated nor named (`--live`, `--allow-host`) is skipped with an info
   * finding instead of an error: nothing was wrong with the tool, there was only nothing to call.
   */
  skipsUnknownHosts?: boolean;
}

export interface ProbeOptions {
  profile: Profile;
  target: ProbeTarget;
  spec?: OperationIndex;
  /** Each OpenAPI toolkit's loaded spec, by its `spec:` path (handed to the target). */
  toolkitSpecs?: ReadonlyMap<string, OperationIndex>;
  /** Send POST/PUT/PATCH/DELETE too; without it only reads are probed (against a real service). */
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
}

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Calls every tool once with valid-looking arguments (seeded ids, a valid date-time, spec examples) and
 * judges the exchange: a failed call or non-2xx answer is an error, with the evidence; with a spec, a
 * request that is no operation, an invalid body, an undocumented status or an answer off its schema are
 * warnings. Never throws for a bad config.
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
    const runtime = { ...options.target(tool, toolkitSpec), profile: options.profile };
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
      const record = await probeOne(tool, executable, options, runtime, judgeExchange);
      records.push(record.record);
      diagnostics.push(...record.diagnostics);
    }
    options.onTool?.(index + 1, tools.length);
  }
  return { diagnostics, records };
}

async function probeOne(
  tool: LoadedTool,
  executable: ExecutableTool,
  options: ProbeOptions,
  runtime: ProbeRuntime,
  judge: typeof JudgeExchange,
) {
  const method = executable.endpoint?.method ?? "GET";
  if (!options.allowWrites && WRITES.has(method)) {
    return {
      record: { tool, name: executable.name, sent: `${method} not probed (writes need --allow-writes)` },
      diagnostics: [],
    };
  }
  const timeoutMs = options.timeoutMs ?? DEFAULT_PROBE_TIMEOUT_MS;
  const deadline = AbortSignal.timeout(timeoutMs);
  const result = await executable.invoke(
    exampleArgs(executable.inputSchema, options.hints ?? EMULATOR_HINTS),
    { signal: deadline },
  );
  const skipped = runtime.skipsUnknownHosts ? unknownHost(result) : undefined;
  if (skipped !== undefined) {
    const message = `not probed: ${skipped} has no OpenAPI description and is not called without --live (give --spec, or --live --allow-host ${skipped})`;
    return {
      record: { tool, name: executable.name, result, sent: `${method} ${result.request?.url} → not probed` },
      diagnostics: [probeDiagnostic(tool, executable.name, "info", message)],
    };
  }
  const status = result.response ? ` → ${result.response.status}` : " → no answer";
  const via = result.request ? runtime.describeTarget?.(result.request.url) : undefined;
  const sent = result.request
    ? `${result.request.method} ${result.request.url}${status}${via ? ` (${via})` : ""}`
    : "not sent";
  const findings = deadline.aborted
    ? [{ message: `${method} got no answer within ${timeoutMs} ms (--timeout)` }]
    : [...judge(result, options.spec), ...judgeOutputLength(tool, result)];
  const diagnostics = findings.map((finding: ProbeFinding) =>
    probeDiagnostic(tool, executable.name, finding.severity ?? "error", finding.message, finding.symptom),
  );
  return { record: { tool, name: executable.name, result, sent }, diagnostics };
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
  const diagnostic: Diagnostic = {
    code: "probe",
    severity,
    tool: name,
    file: tool.source.file,
    path: tool.source.path,
    message,
  };
  if (symptom) diagnostic.symptom = symptom;
  return diagnostic;
}
