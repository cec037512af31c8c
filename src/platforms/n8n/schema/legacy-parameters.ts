import { isPlainObject } from "../../../json/json-value.js";
import { defineOwn, objectSchema, type PropertySchema } from "./json-schema.js";

/** Where the legacy node puts a model value. */
export type LegacySendIn = "path" | "qs" | "headers" | "body";

/** One value the legacy `toolHttpRequest` node asks the model for. */
export interface LegacyParameter {
  name: string;
  required: boolean;
  /** From the Placeholder Definitions: `string`, `number`, `boolean`, `json`; else a string. */
  type?: string;
  description?: string;
  sendIn: LegacySendIn;
  /**
   * The row it fills (`X-Trace`, for a `by-{order}` value), or `qsRaw`/`headersRaw`/`bodyRaw` for a
   * placeholder inside a JSON text; absent for a whole "By Model" row or a URL placeholder.
   */
  key?: string;
}

/** A placeholder definition as the node stores it, braces taken off its name. */
export interface PlaceholderDefinition {
  name: string;
  description?: string;
  type?: string;
}

/** The legacy node's values for one part of the request: what the model fills, and the fixed rows. */
export interface LegacyPart {
  sendIn: Exclude<LegacySendIn, "path">;
  /** `keypair`, `json` or `model` ("Let Model Specify Entire …"). */
  specify: string;
  /** Fixed rows (`valueProvider: fieldValue`), in order, `{placeholders}` left in. */
  fixed: [name: string, value: string][];
  /** The JSON text, for `specify: json`. */
  json: string;
}

/** Everything the legacy node reads before the model is called. */
export interface LegacyPlan {
  parameters: LegacyParameter[];
  definitions: PlaceholderDefinition[];
  parts: LegacyPart[];
}

const PLACEHOLDER = /\{[a-zA-Z0-9_-]+\}/g;

/** "Let Model Specify Entire …": the one property's description, per part (fact 46). */
const MODEL_INPUT_DESCRIPTION: Record<LegacyPart["sendIn"], string> = {
  qs: "Query parameters for request as key value pairs",
  headers: "Headers parameters for request as key value pairs",
  body: "Body parameters for request as key value pairs",
};

const PARTS = [
  { sendIn: "qs", send: "sendQuery", specify: "specifyQuery", rows: "parametersQuery", json: "jsonQuery" },
  {
    sendIn: "headers",
    send: "sendHeaders",
    specify: "specifyHeaders",
    rows: "parametersHeaders",
    json: "jsonHeaders",
  },
  { sendIn: "body", send: "sendBody", specify: "specifyBody", rows: "parametersBody", json: "jsonBody" },
] as const;

/**
 * What the legacy node asks the model for (reference section 7): `{placeholders}` in the URL, then, for
 * query, headers and body in that order, "By Model" rows and placeholders in fixed rows and JSON texts,
 * or the one object of "Let Model Specify Entire …". Types and descriptions come from the Placeholder
 * Definitions (fact 44). An expression's text is read as written (tooldeck does not evaluate it first).
 */
export function legacyPlan(parameters: Record<string, unknown>): LegacyPlan {
  const definitions = definitionsOf(parameters.placeholderDefinitions);
  const found = placeholdersIn(textOf(parameters.url), definitions, "path");
  const parts: LegacyPart[] = [];
  for (const part of PARTS) {
    if (parameters[part.send] !== true) continue;
    const specify =
      typeof parameters[part.specify] === "string" ? String(parameters[part.specify]) : "keypair";
    const read: LegacyPart = { sendIn: part.sendIn, specify, fixed: [], json: textOf(parameters[part.json]) };
    parts.push(read);
    if (specify === "model") {
      found.push({
        name: part.sendIn,
        required: true,
        type: "json",
        description: MODEL_INPUT_DESCRIPTION[part.sendIn],
        sendIn: part.sendIn,
      });
    } else if (specify === "json") {
      found.push(...placeholdersIn(read.json, definitions, part.sendIn, `${part.sendIn}Raw`));
    } else {
      found.push(...rowParameters(parameters[part.rows], definitions, read));
    }
  }
  return { parameters: found, definitions, parts };
}

function rowParameters(
  rows: unknown,
  definitions: readonly PlaceholderDefinition[],
  part: LegacyPart,
): LegacyParameter[] {
  const values = isPlainObject(rows) && Array.isArray(rows.values) ? rows.values : [];
  const found: LegacyParameter[] = [];
  for (const row of values) {
    if (!isPlainObject(row)) continue;
    const name = textOf(row.name);
    const provider = typeof row.valueProvider === "string" ? row.valueProvider : "modelRequired";
    if (provider.includes("model")) {
      found.push(
        withDefinition({ name, required: provider === "modelRequired", sendIn: part.sendIn }, definitions),
      );
    } else if (textOf(row.value) !== "") {
      found.push(...placeholdersIn(textOf(row.value), definitions, part.sendIn, name));
      part.fixed.push([name, textOf(row.value)]);
    }
  }
  return found;
}

function placeholdersIn(
  text: string,
  definitions: readonly PlaceholderDefinition[],
  sendIn: LegacySendIn,
  key?: string,
): LegacyParameter[] {
  return [...text.matchAll(PLACEHOLDER)].map((match) => {
    const parameter: LegacyParameter = { name: match[0].slice(1, -1), required: true, sendIn };
    if (key !== undefined) parameter.key = key;
    return withDefinition(parameter, definitions);
  });
}

function withDefinition(
  parameter: LegacyParameter,
  definitions: readonly PlaceholderDefinition[],
): LegacyParameter {
  const definition = firstDefinition(definitions, parameter.name);
  if (definition?.type !== undefined) parameter.type = definition.type;
  if (definition?.description !== undefined) parameter.description = definition.description;
  return parameter;
}

const byName = new WeakMap<readonly PlaceholderDefinition[], Map<string, PlaceholderDefinition>>();

/** The first definition of a name (n8n's `find`), from an index built once per list, not a search per placeholder. */
function firstDefinition(
  definitions: readonly PlaceholderDefinition[],
  name: string,
): PlaceholderDefinition | undefined {
  let index = byName.get(definitions);
  if (index === undefined) {
    index = new Map();
    for (const definition of definitions)
      if (!index.has(definition.name)) index.set(definition.name, definition);
    byName.set(definitions, index);
  }
  return index.get(name);
}

function definitionsOf(collection: unknown): PlaceholderDefinition[] {
  const values = isPlainObject(collection) && Array.isArray(collection.values) ? collection.values : [];
  return values.filter(isPlainObject).map((value) => {
    let name = textOf(value.name);
    if (name.startsWith("{") && name.endsWith("}")) name = name.slice(1, -1);
    const definition: PlaceholderDefinition = { name };
    if (typeof value.description === "string") definition.description = value.description;
    if (typeof value.type === "string") definition.type = value.type;
    return definition;
  });
}

/** A parameter's text as the legacy node reads it: an expression's `=` dropped. */
export function textOf(value: unknown): string {
  if (typeof value !== "string") return value === undefined || value === null ? "" : String(value);
  return value.startsWith("=") ? value.slice(1) : value;
}

/**
 * The input schema of the legacy node (facts 44-46, 57): v1.1 one property per value (the last of a
 * name wins, at its first place), v1 a single optional `input` string.
 */
export function legacySchema(
  parameters: readonly LegacyParameter[],
  typeVersion: number,
): Record<string, unknown> {
  if (typeVersion < 1.1) return objectSchema({ input: { type: "string" } }, []);
  const byName = new Map<string, LegacyParameter>();
  for (const parameter of parameters) byName.set(parameter.name, parameter);
  const properties: Record<string, PropertySchema> = {};
  const required: string[] = [];
  for (const parameter of byName.values()) {
    defineOwn(properties, parameter.name, legacyProperty(parameter));
    if (parameter.required) required.push(parameter.name);
  }
  return objectSchema(properties, required);
}

function legacyProperty(parameter: LegacyParameter): PropertySchema {
  const property: PropertySchema =
    parameter.type === "json"
      ? { type: "object", additionalProperties: {} }
      : { type: parameter.type === "number" || parameter.type === "boolean" ? parameter.type : "string" };
  if (parameter.description) property.description = parameter.description;
  return property;
}

/**
 * The v1 tool's description (fact 57): the tool description, then a list of the values the model must
 * put in its one JSON string.
 */
export function legacyV1Description(toolDescription: string, parameters: readonly LegacyParameter[]): string {
  if (parameters.length === 0) return toolDescription;
  const list = parameters
    .map(
      (p) =>
        `${p.name}: (description: ${p.description ?? ""}, type: ${p.type ?? "string"}, required: ${p.required})`,
    )
    .join(",\n ");
  return `${toolDescription}\n\tTool expects valid stringified JSON object with ${parameters.length} properties.\n\tProperty names with description, type and required status:\n\t${list}\n\tALL parameters marked as required must be provided`;
}
