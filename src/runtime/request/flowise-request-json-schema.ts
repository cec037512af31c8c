import type { BodyFieldSpec, ParamSpec, RequestToolConfig } from "../../config/request-tool-config.js";

type Json = Record<string, unknown>;

const DRAFT_07 = "http://json-schema.org/draft-07/schema#";

/**
 * The JSON Schema LangChain shows the LLM for a Flowise 3.1 request tool: zod-to-json-schema's rendering
 * (draft-07, its defaults) of the zod v3 schema `flowiseArguments` builds, written straight from the
 * config, so that building a tool does not load zod-to-json-schema (~30 ms, a hundred files). The same
 * keys in the same order; test/runtime/request/flowise-request-json-schema.test.ts holds it byte-equal
 * to the real conversion over generated configs.
 */
export function flowiseRequestJsonSchema(config: RequestToolConfig, sendsBody: boolean): Json {
  const root: Json = sendsBody ? bodyRoot(config.bodySchema) : paramsRoot(config.queryParamsSchema);
  root.additionalProperties = false;
  root.$schema = DRAFT_07;
  return root;
}

/** `queryParams`, optional: a record of strings, or an object of the configured params. */
function paramsRoot(spec: Record<string, ParamSpec> | undefined): Json {
  const queryParams = isEmpty(spec)
    ? { type: "object", additionalProperties: { type: "string" } }
    : objectOf(spec, () => ({ type: "string" }));
  described(
    queryParams,
    isEmpty(spec)
      ? "Optional query parameters to include in the request"
      : "Query parameters for the request",
  );
  return { type: "object", properties: { queryParams } };
}

/** `body`: optional as a free record, required as an object of the configured fields. */
function bodyRoot(spec: Record<string, BodyFieldSpec> | undefined): Json {
  if (isEmpty(spec)) {
    const body = described(
      { type: "object", additionalProperties: {} },
      "Optional body data to include in the request",
    );
    return { type: "object", properties: { body } };
  }
  const body = described(objectOf(spec, bodyType), "Request body parameters");
  return { type: "object", properties: { body }, required: ["body"] };
}

function isEmpty(spec: Record<string, unknown> | undefined): spec is undefined {
  return spec === undefined || Object.keys(spec).length === 0;
}

/** A zod object of the specs: properties in key order, `required` the truthy ones, closed (zod strips). */
function objectOf<Spec extends ParamSpec | BodyFieldSpec>(
  spec: Record<string, Spec>,
  typeOf: (field: Spec) => Json,
): Json {
  const properties: Json = {};
  const required: string[] = [];
  for (const [name, field] of Object.entries(spec)) {
    properties[name] = described(typeOf(field), field.description);
    if (field.required) required.push(name);
  }
  const schema: Json = { type: "object", properties };
  if (required.length > 0) schema.required = required;
  schema.additionalProperties = false;
  return schema;
}

/** Flowise's body types: number, boolean, object (a record of any), array (of any: no `items`), else string. */
function bodyType(field: BodyFieldSpec): Json {
  switch (field.type) {
    case "number":
    case "boolean":
      return { type: field.type };
    case "object":
      return { type: "object", additionalProperties: {} };
    case "array":
      return { type: "array" };
    default:
      return { type: "string" };
  }
}

/** zod-to-json-schema adds a truthy `.describe()` text last. */
function described(schema: Json, description: string | undefined): Json {
  if (description) schema.description = description;
  return schema;
}
