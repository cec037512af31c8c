import type { Fix } from "../../lint/diagnostic.js";
import { standardFixFor } from "../../lint/rules/operation-fix.js";
import { describeOperation } from "../../lint/spec-helpers.js";
import type { IndexedOperation } from "../../openapi/operation-index.js";
import { platformOf } from "../../platforms/registry.js";
import { baseToolName } from "../../runtime/toolkit/standard/tool-names.js";
import type { AuthChange } from "./auth-change.js";
import type { DiffFinding } from "./diff-finding.js";
import type { OperationFate } from "./pair-operations.js";
import type { ToolUse } from "./tool-uses.js";

/** How the findings of one use word the new description: `in tools/event-api.v2.yaml`. */
export interface DiffNames {
  after: string;
}

/**
 * What became of the operation a tool calls, for that tool: removed (error), moved or its method
 * changed (a request tool misses it: error, with the fix that points it at the new operation; a toolkit's
 * tool follows it: warning), renamed by its operationId (a toolkit's tool: error), its security changed.
 * @example
 * operationFindings(use, { kind: "method-changed", operation: putEvent }, undefined, names);
 * // [{ code: "method-changed", message: "PATCH /events/{id} (updateEventDetails) is PUT /events/{id} in v2.yaml", fix }]
 */
export function operationFindings(
  use: ToolUse,
  fate: OperationFate,
  auth: AuthChange | undefined,
  names: DiffNames,
): DiffFinding[] {
  const old = describeOperation(use.operation);
  if (fate.kind === "removed") {
    const what =
      use.kind === "toolkit" ? "the toolkit no longer has this tool" : "every call of the tool misses";
    return [
      {
        code: "operation-removed",
        severity: "error",
        message: `${old} is not in ${names.after}: ${what}`,
        path: pathOf(use),
      },
    ];
  }
  const after = fate.operation;
  const findings: DiffFinding[] = [];
  if (fate.kind !== "kept") findings.push(movedFinding(use, fate.kind, after, names));
  if (use.kind === "toolkit") {
    const renamed = renamedTool(use, after);
    if (renamed) findings.push(renamed);
  }
  if (auth) findings.push(authFinding(auth, old));
  return findings;
}

function movedFinding(
  use: ToolUse,
  kind: "moved" | "method-changed",
  after: IndexedOperation,
  names: DiffNames,
): DiffFinding {
  const message = `${describeOperation(use.operation)} is ${after.method} ${after.path} in ${names.after}`;
  if (use.kind === "toolkit")
    return {
      code: kind === "moved" ? "operation-moved" : "method-changed",
      severity: "warning",
      message: `${message}: the tool follows it, its recorded calls do not`,
      path: "spec",
    };
  const finding: DiffFinding = {
    code: kind === "moved" ? "operation-moved" : "method-changed",
    severity: "error",
    message: `${message}: every call of the tool misses`,
    path: "url",
  };
  const platform = platformOf(use.profile);
  if (platform) {
    finding.suggestion = platform.operationHint(use.config, after);
    return finding;
  }
  const fix: Fix = standardFixFor(use.config, after, use.sent);
  finding.suggestion = `call ${describeOperation(after)}: ${fix.description}`;
  finding.fix = fix;
  return finding;
}

/** A toolkit's tool is named after its operationId: a new one renames the tool the model, the prompts and the cassettes call. */
function renamedTool(
  use: Extract<ToolUse, { kind: "toolkit" }>,
  after: IndexedOperation,
): DiffFinding | undefined {
  const next = baseToolName(after);
  if (next === use.identity.tool) return undefined;
  const message = `the operationId of ${use.operation.method} ${use.operation.path} changed: the toolkit's tool ${use.identity.tool} is now ${next}, the name the model and every recorded call use`;
  const at = use.tool.config.selectedEndpoints.indexOf(use.identity.tool);
  if (at < 0)
    return {
      code: "operation-renamed",
      severity: "error",
      message,
      path: "spec",
      suggestion: `rename ${use.identity.tool} to ${next} in the prompts and scenarios that name it, and record the cassettes again`,
    };
  return {
    code: "operation-renamed",
    severity: "error",
    message,
    path: `selectedEndpoints[${at}]`,
    suggestion: `select ${next} instead of ${use.identity.tool}`,
    fix: { description: `select ${next}`, changes: [{ path: `selectedEndpoints[${at}]`, value: next }] },
  };
}

function authFinding(auth: AuthChange, old: string): DiffFinding {
  if (auth.loosened)
    return {
      code: "auth-changed",
      severity: "info",
      message: `${old} no longer requires ${auth.from}`,
      path: "headers",
    };
  return {
    code: "auth-changed",
    severity: "error",
    message: `${old} now takes ${auth.to}, not ${auth.from}: the tool's calls are refused`,
    path: "headers",
    suggestion: `send the credential ${auth.to} names (headers, or the variable that fills them)`,
  };
}

/** Where a finding about the whole operation lies: a request tool's URL, a toolkit's spec. */
function pathOf(use: ToolUse): string {
  return use.kind === "toolkit" ? "spec" : "url";
}
