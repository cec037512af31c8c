import { jsonBodySchema } from "../../lint/spec-helpers.js";
import type { ParameterLocation, SchemaObject } from "../../openapi/openapi-document.js";
import type { IndexedOperation } from "../../openapi/operation-index.js";
import { sameText } from "./same-text.js";

/** A parameter or a top-level field of the JSON request body, as the model fills it. */
export interface Field {
  in: Exclude<ParameterLocation, "path"> | "body";
  name: string;
  required: boolean;
  schema: SchemaObject | undefined;
  description: string | undefined;
}

/** How one field differs between the old and the new operation. */
export type FieldChange =
  | { kind: "required-added"; field: Field; wasOptional: boolean }
  | { kind: "optional-added"; field: Field }
  | { kind: "type-narrowed"; field: Field; from: string; to: string }
  | { kind: "enum-value-removed"; field: Field; removed: unknown[] | undefined; allowed: unknown[] }
  | { kind: "description-changed"; field: Field; from: string | undefined };

/**
 * What changed in the fields a caller fills, query, header and cookie params and the JSON body's
 * top-level fields: a field newly required (new, or optional before), a new optional field, a narrower
 * type, enum values dropped (or an enum where any value went), a changed description. Path params are the
 * path's: a renamed `{id}` changes no call.
 * @example
 * fieldChanges(patchEvent, patchEventNext); // [{ kind: "required-added", field: { in: "body", name: "capacity", … } }]
 */
export function fieldChanges(before: IndexedOperation, after: IndexedOperation): FieldChange[] {
  const old = fieldsOf(before);
  const changes: FieldChange[] = [];
  for (const [key, field] of fieldsOf(after)) {
    const was = old.get(key);
    if (!was) {
      changes.push(
        field.required
          ? { kind: "required-added", field, wasOptional: false }
          : { kind: "optional-added", field },
      );
      continue;
    }
    if (field.required && !was.required) changes.push({ kind: "required-added", field, wasOptional: true });
    const narrowed = narrowedType(was.schema, field.schema);
    if (narrowed) changes.push({ kind: "type-narrowed", field, ...narrowed });
    const enumChange = narrowedEnum(was.schema, field.schema);
    if (enumChange) changes.push({ kind: "enum-value-removed", field, ...enumChange });
    if (!sameText(was.description, field.description))
      changes.push({ kind: "description-changed", field, from: was.description });
  }
  return changes;
}

/** The fields of an operation by `in:name`. */
export function fieldsOf(operation: IndexedOperation): Map<string, Field> {
  const fields = new Map<string, Field>();
  for (const param of operation.parameters) {
    if (param.in === "path") continue;
    const schema = param.schema ?? firstContentSchema(param.content);
    const description = param.description ?? schema?.description;
    fields.set(`${param.in}:${param.name}`, {
      in: param.in,
      name: param.name,
      required: param.required === true,
      schema,
      description,
    });
  }
  const body = jsonBodySchema(operation);
  const required = new Set(Array.isArray(body?.required) ? body.required : []);
  for (const [name, schema] of Object.entries(body?.properties ?? {})) {
    const description = typeof schema?.description === "string" ? schema.description : undefined;
    fields.set(`body:${name}`, { in: "body", name, required: required.has(name), schema, description });
  }
  return fields;
}

function firstContentSchema(
  content: Record<string, { schema?: SchemaObject }> | undefined,
): SchemaObject | undefined {
  return content ? Object.values(content)[0]?.schema : undefined;
}

/** The JSON types a schema allows; undefined when it says none (any value). */
export function typesOf(schema: SchemaObject | undefined): Set<string> | undefined {
  if (!schema) return undefined;
  const declared = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (declared.length === 0) return undefined;
  const types = new Set(declared);
  if (schema.nullable === true) types.add("null");
  return types;
}

/** `string` → `integer`: a value the old type allowed that the new one refuses (`integer` → `number` widens). */
function narrowedType(
  before: SchemaObject | undefined,
  after: SchemaObject | undefined,
): { from: string; to: string } | undefined {
  const from = typesOf(before);
  const to = typesOf(after);
  if (!to) return undefined;
  const allows = (type: string) => to.has(type) || (type === "integer" && to.has("number"));
  const lost = from ? [...from].filter((type) => !allows(type)) : ["any"];
  if (lost.length === 0) return undefined;
  return { from: from ? [...from].join(" or ") : "any type", to: [...to].join(" or ") };
}

/** The enum values dropped, or, for a field that had no enum, `removed` undefined: only `allowed` goes now. */
function narrowedEnum(
  before: SchemaObject | undefined,
  after: SchemaObject | undefined,
): { removed: unknown[] | undefined; allowed: unknown[] } | undefined {
  const allowed = Array.isArray(after?.enum) ? after.enum : undefined;
  if (!allowed) return undefined;
  const was = Array.isArray(before?.enum) ? before.enum : undefined;
  if (!was) return { removed: undefined, allowed };
  const kept = new Set(allowed.map((value) => JSON.stringify(value)));
  const removed = was.filter((value) => !kept.has(JSON.stringify(value)));
  return removed.length > 0 ? { removed, allowed } : undefined;
}
