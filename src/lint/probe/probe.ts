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
import { judgeExchange } from "./judge-exchange.js";

/** What a probe runs against: runtime options for one tool (a fresh emulator each time, or a real service). */
export type ProbeTarget = () => ToolRuntimeOptions;

export interface ProbeOptions {
  profile: Profile;
  target: ProbeTarget;
  spec?: OperationIndex;
  /** Send POST/PUT/PATCH/DELETE too; without it only reads are probed (against a real service). */
  allowWrites: boolean;
  hints?: ProbeHints;
  /** Each call's limit, under both profiles; default 10 s. */
  timeoutMs?: number;
  /** Called after each tool, for progress. */
  onTool?: (done: number, total: number) => void;
}

/** How long a probe waits for its answer unless told otherwise: Flowise itself never gives up. */
export const DEFAULT_PROBE_TIMEOUT_MS = 10_000;

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
  for (const [index, tool] of tools.entries()) {
    const runtime = { ...options.target(), profile: options.profile };
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
      const record = await probeOne(tool, executable, options);
      records.push(record.record);
      diagnostics.push(...record.diagnostics);
    }
    options.onTool?.(index + 1, tools.length);
  }
  return { diagnostics, records };
}

async function probeOne(tool: LoadedTool, executable: ExecutableTool, options: ProbeOptions) {
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
  const status = result.response ? ` → ${result.response.status}` : " → no answer";
  const sent = result.request ? `${result.request.method} ${result.request.url}${status}` : "not sent";
  const findings = deadline.aborted
    ? [{ message: `${method} got no answer within ${timeoutMs} ms (--timeout)` }]
    : [...judgeExchange(result, options.spec), ...judgeOutputLength(tool, result)];
  const diagnostics = findings.map((finding) =>
    probeDiagnostic(tool, executable.name, finding.severity ?? "error", finding.message),
  );
  return { record: { tool, name: executable.name, result, sent }, diagnostics };
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
): Diagnostic {
  return { code: "probe", severity, tool: name, file: tool.source.file, path: tool.source.path, message };
}
