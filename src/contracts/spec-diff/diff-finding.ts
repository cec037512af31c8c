import { joinPath } from "../../config/json-path.js";
import type { Diagnostic, Fix, Severity } from "../../lint/diagnostic.js";
import { toFindingFix } from "../../lint/finding-fix.js";
import { platformOf } from "../../platforms/registry.js";
import type { RecordedCall } from "./cassette-calls.js";
import type { DiffCode } from "./diff-rules.js";
import type { ToolUse } from "./tool-uses.js";

/** What a change breaks (or allows) for one tool, before it is placed in the tool's file. */
export interface DiffFinding {
  code: DiffCode;
  severity: Severity;
  message: string;
  /** JSON path in the tool's config (`url`, `bodySchema.capacity`); default the whole config. */
  path?: string;
  suggestion?: string;
  /** In the config's own paths (a request tool's, or the view's of a platform's call). */
  fix?: Fix;
}

/**
 * A finding on a tool, placed as lint places its rules' findings: in the tool's file, at the path of
 * its config (through the view of a platform's call), its fix made the config's (`toFindingFix`), and
 * where the fix cannot be written in the platform's export, said as a suggestion.
 */
export function onTool(use: ToolUse, finding: DiffFinding): Diagnostic {
  const { source } = use.tool;
  const view = use.kind === "request" ? use.view : undefined;
  const path = view ? view.pathOf(finding.path ?? "") : (finding.path ?? "");
  const diagnostic: Diagnostic = {
    code: finding.code,
    severity: finding.severity,
    ...use.identity,
    file: source.file,
    path: joinPath(source.path, path),
    message: `${view?.prefix ?? ""}${finding.message}`,
  };
  if (finding.suggestion) diagnostic.suggestion = finding.suggestion;
  if (!finding.fix) return diagnostic;
  const judged = use.kind === "request" ? use.config : use.tool.config;
  diagnostic.fix = toFindingFix(finding.fix, judged, use.tool, view);
  const platform = platformOf(source.format);
  if (platform && diagnostic.fix.notFixable)
    diagnostic.suggestion ??= `in ${platform.label}: ${finding.fix.description}`;
  return diagnostic;
}

/** A finding on a recorded call: in its cassette, at the call (`calls[2].request.body`), naming the tool that made it. */
export function onRecordedCall(call: RecordedCall, finding: DiffFinding): Diagnostic {
  return {
    code: finding.code,
    severity: finding.severity,
    tool: call.tool,
    file: call.file,
    path: finding.path === undefined ? call.path : `${call.path}.${finding.path}`,
    message: finding.message,
    ...(finding.suggestion ? { suggestion: finding.suggestion } : {}),
  };
}
