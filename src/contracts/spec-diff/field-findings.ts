import type { FieldType, RequestToolConfig } from "../../config/request-tool-config.js";
import type { ConfigChange } from "../../lint/diagnostic.js";
import type { IndexedOperation } from "../../openapi/operation-index.js";
import type { DiffFinding } from "./diff-finding.js";
import { type Field, type FieldChange, typesOf } from "./field-changes.js";
import type { RequestUse, ToolUse } from "./tool-uses.js";

/**
 * What a change of one field means for one tool. A request tool sends what its config declares: a newly
 * required field it does not send is an error (with the fix that declares it), a field it sends whose
 * type narrowed or whose enum lost values is an error or a warning, a new description of a field it sends
 * and a new optional field are told (info, with the fix). A toolkit's tool is rebuilt from the spec: the
 * model reads every change (warning), the new optional fields come by themselves (info).
 * @example
 * fieldFindings(createEventUse, { kind: "required-added", field: capacity, wasOptional: false });
 * // [{ code: "required-added", severity: "error", path: "bodySchema", fix: { changes: [{ path: "bodySchema.capacity", … }] } }]
 */
export function fieldFindings(use: ToolUse, change: FieldChange): DiffFinding[] {
  return use.kind === "toolkit" ? toolkitFindings(use.operation, change) : requestFindings(use, change);
}

function requestFindings(use: RequestUse, change: FieldChange): DiffFinding[] {
  const { field } = change;
  const sent = sends(use.config, field);
  const at = `${fieldLabel(field)} of ${use.operation.method} ${use.operation.path}`;
  switch (change.kind) {
    case "required-added": {
      if (sent) return [];
      const finding: DiffFinding = {
        code: "required-field-added",
        severity: "error",
        message: `${at} is ${change.wasOptional ? "now required" : "new and required"}: the tool does not send it`,
        path: field.in === "body" ? "bodySchema" : field.in === "query" ? "queryParamsSchema" : "headers",
      };
      return [withDeclareFix(finding, field, true)];
    }
    case "optional-added":
      if (sent || field.in === "cookie") return [];
      return [
        withDeclareFix(
          {
            code: "optional-field-added",
            severity: "info",
            message: `${at} is new (optional): the tool could send it`,
            path: containerOf(field),
          },
          field,
          false,
        ),
      ];
    case "type-narrowed":
      if (!sent) return [];
      return [
        {
          code: "type-narrowed",
          severity: "error",
          message: `${at} takes ${change.to}, no longer ${change.from}: the values the tool sends are refused`,
          path: fieldPath(field),
          suggestion: `declare ${field.name} as ${change.to}`,
        },
      ];
    case "enum-value-removed":
      return sent ? [enumFinding(use.config, change, at)] : [];
    case "description-changed":
      if (!sent || field.in === "header" || field.in === "cookie") return [];
      return [
        {
          code: "param-description-changed",
          severity: "info",
          message: `the description of ${at} changed: the tool's own says what the model reads`,
          path: fieldPath(field),
          suggestion: `describe ${field.name} as the spec now does: ${field.description ?? "(no description)"}`,
          fix: {
            description: `describe ${field.name} as the spec does`,
            changes: [{ path: `${fieldPath(field)}.description`, value: field.description ?? "" }],
          },
        },
      ];
  }
}

function toolkitFindings(operation: IndexedOperation, change: FieldChange): DiffFinding[] {
  const at = `${fieldLabel(change.field)} of ${operation.method} ${operation.path}`;
  switch (change.kind) {
    case "required-added":
      return [
        {
          code: "required-field-added",
          severity: "warning",
          message: `${at} is ${change.wasOptional ? "now required" : "new and required"}: the tool asks the model for it, recorded calls lack it`,
          path: "spec",
        },
      ];
    case "optional-added":
      return [
        {
          code: "optional-field-added",
          severity: "info",
          message: `${at} is new (optional): the tool now offers it to the model`,
          path: "spec",
        },
      ];
    case "type-narrowed":
      return [
        {
          code: "type-narrowed",
          severity: "warning",
          message: `${at} takes ${change.to}, no longer ${change.from}: the model is told the new type`,
          path: "spec",
        },
      ];
    case "enum-value-removed":
      return [
        {
          code: "enum-value-removed",
          severity: "warning",
          message: `${at} ${enumText(change)}`,
          path: "spec",
        },
      ];
    case "description-changed":
      return [
        {
          code: "param-description-changed",
          severity: "warning",
          message: `the description of ${at} changed: the model reads it to write the argument`,
          path: "spec",
          suggestion: `now: ${change.field.description ?? "(no description)"}`,
        },
      ];
  }
}

function enumFinding(
  config: RequestToolConfig,
  change: Extract<FieldChange, { kind: "enum-value-removed" }>,
  at: string,
): DiffFinding {
  const { field } = change;
  const said = descriptionOf(config, field) ?? "";
  // The tool's own description names a value the API no longer takes: the model is told to send it.
  const named = (change.removed ?? []).filter((value) => said.includes(String(value)));
  return {
    code: "enum-value-removed",
    severity: named.length > 0 ? "error" : "warning",
    message: `${at} ${enumText(change)}${named.length > 0 ? `; the tool's description still names ${named.map(String).join(", ")}` : ""}`,
    path: fieldPath(field),
    suggestion: `tell the model the values ${field.name} takes: ${change.allowed.map(String).join(", ")}`,
  };
}

function enumText(change: Extract<FieldChange, { kind: "enum-value-removed" }>): string {
  const allowed = change.allowed.map((value) => JSON.stringify(value)).join(", ");
  return change.removed
    ? `no longer takes ${change.removed.map((value) => JSON.stringify(value)).join(", ")} (only ${allowed})`
    : `now takes only ${allowed}`;
}

/** Adds the fix that declares the field in the tool (query param or body field); a header is only said. */
function withDeclareFix(finding: DiffFinding, field: Field, required: boolean): DiffFinding {
  if (field.in === "header" || field.in === "cookie") {
    finding.suggestion = `send the ${field.in} ${field.name}${field.description ? ` (${field.description})` : ""}`;
    return finding;
  }
  const type = fieldType(field);
  const value =
    field.in === "query"
      ? {
          type,
          in: "query",
          ...(required ? { required: true } : {}),
          description: field.description ?? field.name,
        }
      : { type, ...(required ? { required: true } : {}), description: field.description ?? field.name };
  const changes: ConfigChange[] = [{ path: fieldPath(field), value }];
  const description = `declare the ${required ? "required" : "optional"} ${field.in === "body" ? "body field" : "query param"} ${field.name} (${type})`;
  finding.suggestion = description;
  finding.fix = { description, changes };
  return finding;
}

const FIELD_TYPES = new Set<string>(["string", "number", "integer", "boolean", "object", "array"]);

function fieldType(field: Field): FieldType {
  const type = [...(typesOf(field.schema) ?? [])].find((name) => name !== "null");
  return type !== undefined && FIELD_TYPES.has(type) ? (type as FieldType) : "string";
}

/** Whether the tool's config sends the field: declared among its params or body fields, in its fixed body, its URL's query or its headers. */
function sends(config: RequestToolConfig, field: Field): boolean {
  const name = field.name;
  if (field.in === "body")
    return config.bodySchema?.[name] !== undefined || (config.body !== undefined && name in config.body);
  if (field.in === "query") {
    const param = config.queryParamsSchema?.[name];
    return (
      (param !== undefined && param.in !== "path") ||
      new RegExp(`[?&]${name.replace(/\W/g, "\\$&")}=`).test(config.url)
    );
  }
  const headers = Object.keys(config.headers ?? {}).map((header) => header.toLowerCase());
  if (field.in === "header") return headers.includes(name.toLowerCase());
  return Object.entries(config.headers ?? {}).some(
    ([header, value]) => header.toLowerCase() === "cookie" && value.includes(`${name}=`),
  );
}

function descriptionOf(config: RequestToolConfig, field: Field): string | undefined {
  return field.in === "body"
    ? config.bodySchema?.[field.name]?.description
    : config.queryParamsSchema?.[field.name]?.description;
}

function fieldLabel(field: Field): string {
  return field.in === "body" ? `the body field ${field.name}` : `the ${field.in} param ${field.name}`;
}

function containerOf(field: Field): string {
  return field.in === "body" ? "bodySchema" : field.in === "query" ? "queryParamsSchema" : "headers";
}

function fieldPath(field: Field): string {
  return field.in === "body"
    ? `bodySchema.${field.name}`
    : field.in === "query"
      ? `queryParamsSchema.${field.name}`
      : `headers.${field.name}`;
}
