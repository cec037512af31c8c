import type { z } from "zod/v3";
import { formatIssuePath } from "../../../../json/format-zod-issue.js";
import { isPlainObject } from "../../../../json/json-value.js";
import type { Profile } from "../../../../profile.js";
import { coerceObject, type ExpectedType } from "../../../../runtime/request/coerce-arguments.js";
import { SCHEMA_MISMATCH } from "../../../../runtime/request/tool-arguments.js";
import { customToolZodSchemaOf, type SchemaSource } from "../custom-tool-schema.js";
import { parseWithTypeConversion } from "./flowise-type-conversion.js";

/** The model's arguments as the code gets them (one `$<key>` each), or the text of the refusal. */
export type CustomToolArgs = { ok: true; value: Record<string, unknown> } | { ok: false; error: string };

/** How a Custom Tool's arguments are converted and validated under a profile. */
export interface CustomToolArgsContract {
  /** The conversions alone, for adapters that validate on their own (LangChain). */
  coerce(args: unknown): unknown;
  parse(args: unknown): CustomToolArgs;
}

/**
 * The arguments contract of a Custom Tool. `flowise` is Flowise 3.1.4's `call()` (reference
 * flowise-custom-tool.md §4): `parseWithTypeConversion`, unknown keys stripped, and on failure only
 * `Received tool input did not match expected schema` (zod's issues are not in it), so a `null` for an
 * optional property and every `date` property fail. `standard` is what the schema means: a `date` is
 * the date-time string the model is told to send (given to the code as that string), a `null` for an
 * optional property means the property was left out, tooldeck's usual conversions ("5" → 5, "yes" →
 * true), and the failure says which property and why.
 */
export function customToolArguments(source: SchemaSource, profile: Profile): CustomToolArgsContract {
  return profile === "flowise" ? flowiseContract(source) : standardContract(source);
}

function flowiseContract(source: SchemaSource): CustomToolArgsContract {
  const schema = customToolZodSchemaOf(source, "flowise");
  return {
    coerce: (args) => parseWithTypeConversion(schema, args).converted,
    parse(args) {
      const { result } = parseWithTypeConversion(schema, args);
      if (result.success) return { ok: true, value: result.data as Record<string, unknown> };
      return { ok: false, error: SCHEMA_MISMATCH };
    },
  };
}

function standardContract(source: SchemaSource): CustomToolArgsContract {
  const schema = customToolZodSchemaOf(source, "date-time-string");
  const rows = "schema" in source ? source.schema : source;
  const types: Record<string, ExpectedType> = {};
  for (const row of rows)
    types[row.property] = STANDARD_TYPES.has(row.type) ? (row.type as ExpectedType) : "string";
  const coerce = (args: unknown) => coerceObject(withoutNulls(args), types);
  return {
    coerce,
    parse(args) {
      const parsed = schema.safeParse(coerce(args));
      if (parsed.success) return { ok: true, value: parsed.data as Record<string, unknown> };
      return { ok: false, error: `${SCHEMA_MISMATCH}: ${parsed.error.issues.map(issueText).join("; ")}` };
    },
  };
}

const STANDARD_TYPES = new Set(["number", "boolean", "array", "object"]);

/** Strict-mode models send `null` for a property they leave out. */
function withoutNulls(args: unknown): unknown {
  if (!isPlainObject(args) || !Object.values(args).includes(null)) return args;
  return Object.fromEntries(Object.entries(args).filter(([, value]) => value !== null));
}

function issueText(issue: z.ZodIssue): string {
  const path = formatIssuePath(issue.path);
  return path ? `${path}: ${issue.message}` : issue.message;
}
