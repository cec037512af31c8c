import { resolve } from "node:path";
import type { LoadedTool } from "../../config/tool-config.js";
import { type Api, type ApiMap, toHost } from "../../lint/api-map/api.js";
import { compareDiagnostics, type Diagnostic } from "../../lint/diagnostic.js";
import type { IndexedOperation, OperationIndex } from "../../openapi/operation-index.js";
import type { Profile } from "../../profile.js";
import { type AuthChange, authChange } from "./auth-change.js";
import type { RecordedCall } from "./cassette-calls.js";
import { onRecordedCall, onTool } from "./diff-finding.js";
import { type FieldChange, fieldChanges } from "./field-changes.js";
import { fieldFindings } from "./field-findings.js";
import { operationFindings } from "./operation-findings.js";
import { fateOf, indexNewOperations, type OperationFate } from "./pair-operations.js";
import { orphanCallFinding, recordedCallFindings } from "./recorded-call-findings.js";
import { sameText } from "./same-text.js";
import { type ToolUse, toolUses } from "./tool-uses.js";

/** What `diffSpecs` compares: two descriptions, the tools that use the old one, and the calls recorded against it. */
export interface DiffSpecsInput {
  before: OperationIndex;
  after: OperationIndex;
  tools: readonly LoadedTool[];
  /** Recorded calls matched to the old description (`recordedCalls`). */
  calls?: readonly RecordedCall[];
  /**
   * The old description's API as `check` maps it (its hosts, its base URL variable); default its servers'
   * hosts. A request tool whose URL goes elsewhere is not its tool.
   */
  api?: Api;
  /** `--var` values tools' URLs are read with. */
  vars?: Readonly<Record<string, string>>;
  /** The profile of tools in tooldeck's own format; default `standard`. */
  profile?: Profile;
  /** How findings name the new description; default its label (the path as given). */
  afterName?: string;
}

/** The findings of a diff, and how much it looked at. */
export interface SpecDiff {
  diagnostics: Diagnostic[];
  /** The old description's operations that some tool or recorded call uses. */
  operationsUsed: number;
}

/**
 * What the new description breaks, and allows, for the tools that use the old one and the calls recorded
 * against it: only the operations they use are compared, so an unrelated change reports nothing. Each
 * finding names the tool (or the cassette call) and, where one exists, the fix.
 * @example
 * const { diagnostics } = diffSpecs({ before, after, tools: loaded.tools, calls: recordedCalls(["scenarios/"], before) });
 */
export function diffSpecs(input: DiffSpecsInput): SpecDiff {
  const { before, after } = input;
  const map: ApiMap = { apis: [input.api ?? defaultApi(before)], vars: input.vars ?? {} };
  const specFiles = [before, after].flatMap((index) =>
    index.spec.location.kind === "file" ? [resolve(index.spec.location.path)] : [],
  );
  const uses = toolUses(input.tools, { map, profile: input.profile ?? "standard", specFiles });
  const calls = input.calls ?? [];
  // Grouped once: GitHub's toolkit alone is 966 uses of 966 operations.
  const usesOf = groupBy(uses, (use) => use.operation);
  const callsOf = groupBy(calls, (call) => call.operation);
  const operations = new Set<IndexedOperation>([...usesOf.keys(), ...callsOf.keys()]);
  const newOperations = indexNewOperations(before, after);
  const name = input.afterName ?? after.spec.label;
  const diagnostics: Diagnostic[] = [];
  for (const operation of operations) {
    const fate = fateOf(operation, newOperations);
    const next = fate.kind === "removed" ? undefined : fate.operation;
    const change: OperationDelta = {
      fate,
      auth: next ? authChange(before, operation, after, next) : undefined,
      fields: next ? fieldChanges(operation, next) : [],
      description: next ? descriptionChange(operation, next) : undefined,
    };
    const used = usesOf.get(operation) ?? [];
    const recorded = callsOf.get(operation) ?? [];
    for (const use of used) diagnostics.push(...useDiagnostics(use, change, recorded, name));
    const users = new Set(used.map((use) => use.identity.tool));
    for (const call of recorded)
      diagnostics.push(...callDiagnostics(call, change, next, users.has(call.tool), name));
  }
  return { diagnostics: diagnostics.sort(compareDiagnostics), operationsUsed: operations.size };
}

interface OperationDelta {
  fate: OperationFate;
  auth: AuthChange | undefined;
  fields: FieldChange[];
  description: { from: string; to: string } | undefined;
}

/** A use's findings; `calls` are the recorded calls of its operation. */
function useDiagnostics(
  use: ToolUse,
  change: OperationDelta,
  calls: readonly RecordedCall[],
  name: string,
): Diagnostic[] {
  const findings = operationFindings(use, change.fate, change.auth, { after: name });
  const recorded = calls.filter(
    (call) => call.operation === use.operation && call.tool === use.identity.tool,
  );
  // What breaks the whole call breaks each recorded call of the tool: the finding names them.
  for (const finding of findings)
    if (finding.severity === "error" && recorded.length > 0)
      finding.message += `; recorded in ${callList(recorded)}`;
  for (const field of change.fields) findings.push(...fieldFindings(use, field));
  if (change.description) findings.push(descriptionFinding(use, change.description));
  return findings.map((finding) => onTool(use, finding));
}

function callDiagnostics(
  call: RecordedCall,
  change: OperationDelta,
  next: IndexedOperation | undefined,
  madeByTool: boolean,
  name: string,
): Diagnostic[] {
  const findings = next ? recordedCallFindings(call, next, change.fields) : [];
  if (!madeByTool) {
    const orphan = orphanCallFinding(call, next, change.auth, name);
    if (orphan) findings.unshift(orphan);
  }
  return findings.map((finding) => onRecordedCall(call, finding));
}

/** What the model reads of a toolkit's tool: the operation's description, else its summary, else method and path. */
function descriptionChange(
  before: IndexedOperation,
  after: IndexedOperation,
): { from: string; to: string } | undefined {
  const text = (operation: IndexedOperation) =>
    operation.description || operation.summary || `${operation.method} ${operation.path}`;
  const from = text(before);
  const to = text(after);
  return sameText(from, to) ? undefined : { from, to };
}

function descriptionFinding(use: ToolUse, change: { from: string; to: string }) {
  const at = `${use.operation.method} ${use.operation.path}`;
  return use.kind === "toolkit"
    ? {
        code: "description-changed" as const,
        severity: "warning" as const,
        message: `the description of ${at} changed: it is the tool's description, what the model reads to choose it`,
        path: "spec",
        suggestion: `now: ${oneLine(change.to)}`,
      }
    : {
        code: "description-changed" as const,
        severity: "info" as const,
        message: `the description of ${at} changed: check that the tool's own description still agrees`,
        path: "description",
        suggestion: `now: ${oneLine(change.to)}`,
      };
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > 160 ? `${line.slice(0, 157)}…` : line;
}

function callList(calls: readonly RecordedCall[]): string {
  const shown = calls.slice(0, 3).map((call) => `${call.file} ${call.path}`);
  return calls.length > 3 ? `${shown.join(", ")} and ${calls.length - 3} more` : shown.join(", ");
}

/** The old description as an API of its own: every request that goes to one of its servers' hosts (or names no host). */
function defaultApi(before: OperationIndex): Api {
  const hosts = new Set<string>();
  for (const server of [
    ...(before.spec.document.servers ?? []),
    ...before.operations.flatMap((op) => op.servers),
  ]) {
    // A relative or templated server URL (`https://{region}.example.com`) names no host.
    const origin =
      typeof server?.url === "string"
        ? /^[a-z][a-z0-9+.-]*:\/\/[^/{}]*$|^[a-z][a-z0-9+.-]*:\/\/[^/{}]*(?=\/)/i.exec(server.url)?.[0]
        : undefined;
    const host = origin === undefined ? undefined : toHost(origin);
    if (host !== undefined) hosts.add(host);
  }
  return { name: before.title, spec: before, hosts: [...hosts], from: "the old description" };
}

/** By an object key (the operation), which `json/group-by` (string keys) does not take. */
function groupBy<T, K>(items: readonly T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}
