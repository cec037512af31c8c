import type { LoadResult } from "../config/load-result.js";
import type { ListedMcpTool } from "../mcp/list-mcp-tools.js";
import type { OperationIndex } from "../openapi/operation-index.js";
import type { SpecReadOptions } from "../openapi/spec-read-options.js";
import type { Profile } from "../profile.js";
import { compareDiagnostics, type Diagnostic } from "./diagnostic.js";
import { lint, type RuleSetting, toolName } from "./lint.js";
import { lintMcpTools } from "./lint-mcp-tools.js";
import { loadDiagnostics, loadToolkitSpecs } from "./load-check-inputs.js";
import { type ProbeRecord, type ProbeTarget, probe } from "./probe/probe.js";
import type { CheckReport, ToolReport } from "./report.js";

export interface CheckOptions {
  profile: Profile;
  spec?: OperationIndex;
  settings?: Record<string, RuleSetting>;
  /** Where toolkits' specs and their `$ref`s may be read from (probes get it through their target). */
  specRead?: SpecReadOptions;
  /** Tools listed by MCP servers: linted with the rules that apply to any LLM tool, never probed. */
  mcpTools?: readonly ListedMcpTool[];
  /** Run toolkits' Custom Code in probes (in a separate process); without it the rule custom-code-not-run says so. */
  allowCode?: boolean;
  /** Where probes send; absent = no probes (the static half only: `tooldeck lint`). */
  probe?: {
    target: ProbeTarget;
    allowWrites: boolean;
    /** Each probe call's limit (both profiles); default 10 s. */
    timeoutMs?: number;
    onTool?: ((done: number, total: number) => void) | undefined;
  };
}

/**
 * The main job: lint every loaded tool against the spec, then probe each one, and gather one report.
 * Load errors and warnings of the configs are part of it. Never throws for a bad config.
 * @example
 * const report = await check(loadToolConfigs(["tools/"]), { profile: "standard", spec, probe: { target, allowWrites: true } });
 */
export async function check(loaded: LoadResult, options: CheckOptions): Promise<CheckReport> {
  const toolkits = await loadToolkitSpecs(loaded.tools, options.specRead, options.profile);
  const diagnostics: Diagnostic[] = [
    ...loadDiagnostics(loaded),
    ...toolkits.diagnostics,
    ...lint(loaded.tools, {
      profile: options.profile,
      ...(options.spec ? { spec: options.spec } : {}),
      toolkitSpecs: toolkits.specs,
      ...(options.settings ? { settings: options.settings } : {}),
      ...(options.allowCode ? { allowCode: true } : {}),
    }),
    ...lintMcpTools(options.mcpTools ?? [], {
      profile: options.profile,
      configs: loaded.tools,
      ...(options.spec ? { spec: options.spec } : {}),
      ...(options.settings ? { settings: options.settings } : {}),
    }),
  ];
  let tools: ToolReport[] = loaded.tools.map((tool) => ({
    name: toolName(tool),
    file: tool.source.file,
    path: tool.source.path,
  }));
  if (options.probe && options.settings?.probe !== "off") {
    const { target } = options.probe;
    const probed = await probe(loaded.tools, {
      profile: options.profile,
      // The lint finding and the probes agree on whether Custom Code runs.
      target: (tool, toolkitSpec) => ({
        ...target(tool, toolkitSpec),
        allowCode: options.allowCode ?? false,
      }),
      toolkitSpecs: toolkits.specs,
      allowWrites: options.probe.allowWrites,
      ...(options.probe.timeoutMs ? { timeoutMs: options.probe.timeoutMs } : {}),
      ...(options.spec ? { spec: options.spec } : {}),
      ...(options.probe.onTool ? { onTool: options.probe.onTool } : {}),
    });
    const override = options.settings?.probe;
    diagnostics.push(
      ...probed.diagnostics.map((d) =>
        override ? { ...d, severity: override as Diagnostic["severity"] } : d,
      ),
    );
    tools = probed.records.map(toToolReport);
  }
  tools.push(...(options.mcpTools ?? []).map((tool) => ({ name: tool.name, ...tool.source })));
  return { profile: options.profile, tools, diagnostics: diagnostics.sort(compareDiagnostics) };
}

function toToolReport(record: ProbeRecord): ToolReport {
  return {
    name: record.name,
    file: record.tool.source.file,
    path: record.tool.source.path,
    sent: record.sent,
  };
}
