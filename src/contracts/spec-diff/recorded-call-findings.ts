import { isPlainObject } from "../../json/json-value.js";
import { describeOperation } from "../../lint/spec-helpers.js";
import type { IndexedOperation } from "../../openapi/operation-index.js";
import type { AuthChange } from "./auth-change.js";
import type { RecordedCall } from "./cassette-calls.js";
import type { DiffFinding } from "./diff-finding.js";
import type { Field, FieldChange } from "./field-changes.js";
import { typesOf } from "./field-changes.js";
import { removedResponseFields } from "./removed-response-fields.js";

/**
 * What the new description breaks in one recorded call: a field now required that it did not send, a
 * value it sent that the new enum or type refuses, a field its answer carried that the new response no
 * longer has. Each is an error: replaying the call against the new API, or an agent relying on the answer,
 * fails.
 * @example
 * recordedCallFindings(call, getEventNext, []); // [{ code: "response-field-removed", path: "response.body", … }]
 */
export function recordedCallFindings(
  call: RecordedCall,
  after: IndexedOperation,
  changes: readonly FieldChange[],
): DiffFinding[] {
  const findings: DiffFinding[] = [];
  const at = describeOperation(call.operation);
  for (const change of changes) {
    const sent = sentValue(call, change.field);
    if (change.kind === "required-added" && sent === undefined)
      findings.push({
        code: "required-field-added",
        severity: "error",
        message: `the recorded call of ${at} does not send ${label(change.field)}, which is now required`,
        path: "request",
      });
    if (change.kind === "enum-value-removed" && sent !== undefined && refusedByEnum(sent, change))
      findings.push({
        code: "enum-value-removed",
        severity: "error",
        message: `the recorded call of ${at} sends ${label(change.field)} ${JSON.stringify(sent)}, which the new description no longer takes`,
        path: "request",
      });
    if (change.kind === "type-narrowed" && sent !== undefined && !fitsType(sent, change.field))
      findings.push({
        code: "type-narrowed",
        severity: "error",
        message: `the recorded call of ${at} sends ${label(change.field)} ${JSON.stringify(sent)}, not ${change.to} as the new description wants`,
        path: "request",
      });
  }
  for (const field of removedResponseFields(call.operation, after, call.status, call.responseBody))
    findings.push({
      code: "response-field-removed",
      severity: "error",
      message: `the recorded answer of ${at} carried ${field}, which the new description's response no longer has`,
      path: "response.body",
      suggestion: "check what the agent does with it: its answers relied on it",
    });
  return findings;
}

/** The operation's fate and security, for a recorded call no loaded tool made (its tool was not given). */
export function orphanCallFinding(
  call: RecordedCall,
  after: IndexedOperation | undefined,
  auth: AuthChange | undefined,
  name: string,
): DiffFinding | undefined {
  const at = describeOperation(call.operation);
  if (!after)
    return {
      code: "operation-removed",
      severity: "error",
      message: `the recorded call of ${at} reaches no operation of ${name}`,
    };
  if (after.method !== call.operation.method || after.path !== call.operation.path)
    return {
      code: after.path === call.operation.path ? "method-changed" : "operation-moved",
      severity: "error",
      message: `the recorded call of ${at} is ${after.method} ${after.path} in ${name}`,
    };
  if (auth && !auth.loosened)
    return {
      code: "auth-changed",
      severity: "error",
      message: `the recorded call of ${at} now needs ${auth.to}, not ${auth.from}`,
    };
  return undefined;
}

function sentValue(call: RecordedCall, field: Field): unknown {
  if (field.in === "query") return call.query.get(field.name) ?? undefined;
  if (field.in === "body") return isPlainObject(call.requestBody) ? call.requestBody[field.name] : undefined;
  return "";
}

function refusedByEnum(sent: unknown, change: Extract<FieldChange, { kind: "enum-value-removed" }>): boolean {
  const same = (value: unknown) => value === sent || String(value) === String(sent);
  return change.removed ? change.removed.some(same) : !change.allowed.some(same);
}

function fitsType(sent: unknown, field: Field): boolean {
  const types = typesOf(field.schema);
  if (!types) return true;
  const text = typeof sent === "string";
  // A query value is text on the wire: "3" fits an integer.
  const value =
    field.in === "query" && text && sent.trim() !== "" && !Number.isNaN(Number(sent)) ? Number(sent) : sent;
  return [...types].some((type) => {
    if (type === "null") return value === null;
    if (type === "integer") return Number.isInteger(value);
    if (type === "number") return typeof value === "number";
    if (type === "array") return Array.isArray(value);
    if (type === "object") return isPlainObject(value);
    return typeof value === type;
  });
}

function label(field: Field): string {
  return field.in === "body" ? `the body field ${field.name}` : `the ${field.in} param ${field.name}`;
}
