import { joinPath } from "../../../config/json-path.js";
import { FROM_AI_KEY, type FromAiCall, scanFromAiCalls } from "../expression/from-ai-calls.js";
import { defineOwn, objectSchema, type PropertySchema } from "./json-schema.js";

/** A `$fromAI` call and the parameter it was found in (`url`, `queryParameters.parameters[0].value`). */
export interface FromAiUse {
  call: FromAiCall;
  path: string;
}

/** A tool's `$fromAI` arguments: each use, the arguments n8n keeps, and the schema the model gets. */
export interface FromAiArguments {
  uses: FromAiUse[];
  /** One per key, in the order keys first appear, each the last call of its key (n8n's rule). */
  arguments: FromAiCall[];
  inputSchema: Record<string, unknown>;
}

export type FromAiSchemaResult =
  | ({ ok: true } & FromAiArguments)
  | { ok: false; message: string; path: string };

/**
 * The input schema n8n builds from a node's `$fromAI` calls (reference section 2), or the error that
 * stops the workflow before the first model call (fact 12), with n8n's message.
 * @example
 * fromAiSchema({ url: "=https://api.example.com/items/{{ $fromAI('id', 'The item id') }}" });
 * // { ok: true, inputSchema: { type: "object", properties: { id: { type: "string", description: "The item id" } }, required: ["id"], … } }
 */
export function fromAiSchema(parameters: Record<string, unknown>): FromAiSchemaResult {
  const uses: FromAiUse[] = [];
  const failure = collectUses(parameters, "", uses);
  if (failure) return { ok: false, ...failure };
  const byKey = new Map<string, FromAiCall>();
  for (const { call, path } of uses) {
    const message = keyError(call, byKey.get(call.key));
    if (message !== undefined) return { ok: false, message, path };
    byKey.set(call.key, call);
  }
  const args = [...byKey.values()];
  return { ok: true, uses, arguments: args, inputSchema: schemaOf(args) };
}

function keyError(call: FromAiCall, first: FromAiCall | undefined): string | undefined {
  if (call.key === "") return "You must specify a key when using $fromAI()";
  if (!FROM_AI_KEY.test(call.key)) return `Parameter key \`${call.key}\` is invalid`;
  if (first && (first.description !== call.description || first.type !== call.type)) {
    return `Duplicate key '${call.key}' found with different description or type`;
  }
  return undefined;
}

/** Every parameter string, depth first in stored order, as n8n traverses a node's parameters. */
function collectUses(
  value: unknown,
  path: string,
  uses: FromAiUse[],
): { message: string; path: string } | undefined {
  if (typeof value === "string") {
    const scan = scanFromAiCalls(value);
    if (!scan.ok) return { message: scan.message, path };
    for (const call of scan.calls) uses.push({ call, path });
    return undefined;
  }
  if (typeof value !== "object" || value === null) return undefined;
  const entries = Array.isArray(value)
    ? value.map((item, index) => [index, item] as const)
    : Object.entries(value);
  for (const [key, item] of entries) {
    const failure = collectUses(item, joinPath(path, key), uses);
    if (failure) return failure;
  }
  return undefined;
}

function schemaOf(args: readonly FromAiCall[]): Record<string, unknown> {
  const properties: Record<string, PropertySchema> = {};
  const required: string[] = [];
  for (const call of args) {
    defineOwn(properties, call.key, propertyOf(call));
    if (call.defaultValue === undefined) required.push(call.key);
  }
  return objectSchema(properties, required);
}

/** `json` gets no `type` at all (fact 7); the description is trimmed and left out when empty (fact 8). */
function propertyOf(call: FromAiCall): PropertySchema {
  const property: PropertySchema = call.type === "json" ? {} : { type: call.type };
  const description = call.description?.trim();
  if (description) property.description = description;
  if (call.defaultValue !== undefined) property.default = call.defaultValue;
  return property;
}
