import type { ParameterObject, SchemaObject } from "../../../../openapi/openapi-document.js";
import type { IndexedOperation } from "../../../../openapi/operation-index.js";
import type { FlowiseObjectNode, FlowiseSchemaNode } from "./flowise-schema-node.js";

/** Flowise reads the first of these request body media types the operation has. */
const BODY_MEDIA_TYPES = [
  "application/json",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "text/plain",
];

const UNKNOWN: FlowiseSchemaNode = { kind: "unknown" };

const queryInput = (): FlowiseSchemaNode => ({ kind: "string", description: "Query input", optional: true });

/**
 * What Flowise 3.1 (OpenAPIToolkit 2.1) builds as an operation's input: `PathParameters` and
 * `QueryParameters` (both required) when the operation declares parameters (path-item parameters are
 * not read), `RequestBody` (required) for a body with a schema, `input` otherwise.
 *
 * @example
 * const tree = flowiseInputTree(index.operations[0]);
 * toFlowiseJsonSchema(tree); // what the LLM is shown
 * toFlowiseZod(tree); // what the arguments are parsed with
 */
export function flowiseInputTree(operation: IndexedOperation): FlowiseObjectNode {
  const { parameters, requestBody } = operation.operation;
  const shape = new Map<string, FlowiseSchemaNode>();
  if (parameters) {
    const own = operation.operationParameters;
    shape.set("PathParameters", parameterObject(own, "path"));
    shape.set("QueryParameters", parameterObject(own, "query"));
  }
  if (requestBody) {
    const content = BODY_MEDIA_TYPES.map((type) => requestBody.content?.[type]).find((media) => media);
    const schema = content?.schema;
    if (schema) shape.set("RequestBody", bodyNode(schema, asRequiredList(schema.required), "properties", []));
    else shape.set("input", queryInput());
  }
  if (!parameters && !requestBody) shape.set("input", queryInput());
  return { kind: "object", shape };
}

function parameterObject(parameters: ParameterObject[], location: "path" | "query"): FlowiseObjectNode {
  const shape = new Map<string, FlowiseSchemaNode>();
  for (const parameter of parameters) {
    if (parameter.in !== location) continue;
    const node = parameterNode(parameter);
    // Flowise's object turns a name YAML read as a number, or a missing one, into a string key.
    if (node) setProperty(shape, String(parameter.name), node);
  }
  return { kind: "object", shape };
}

/**
 * One parameter as Flowise types it: enum, string, number or boolean; `anyOf` through the body
 * converter; anything else (integer, array, object) is dropped. Flowise would crash on a parameter
 * without `schema` (a `content` parameter); it is dropped here.
 */
function parameterNode(parameter: ParameterObject): FlowiseSchemaNode | undefined {
  const schema = parameter.schema;
  if (!isObject(schema)) return undefined;
  const name = parameter.name;
  const required = parameter.required === true;
  const description = schema.description || schema.title || parameter.description || name;
  if (schema.enum) {
    const values = schema.enum;
    const text = [schema.title, schema.description, `Valid values: ${values.join(", ")}`]
      .filter(Boolean)
      .join(". ");
    return { kind: "enum", values, description: text, ...optionalUnless(required) };
  }
  // Flowise names the parameter in the error zod reports when a required one is missing.
  const requiredError = required ? { requiredError: `${name} required` } : {};
  const type = schema.type as unknown;
  if (type === "string" || type === "number" || type === "boolean")
    return { kind: type, ...requiredError, description, ...optionalUnless(required) };
  if (schema.anyOf || type === "anyOf") return bodyNode(schema, required ? [name] : [], name, []);
  return undefined;
}

/**
 * Flowise's JSON-Schema-to-zod for bodies: every nested object checks its keys against the TOP-LEVEL
 * `required` list, arrays are never optional, objects without `properties` and allOf become unknown.
 * Flowise recurses forever on a recursive schema; here a schema met again on the way down is unknown.
 */
function bodyNode(schema: SchemaObject, required: string[], key: string, path: object[]): FlowiseSchemaNode {
  if (!isObject(schema) || path.includes(schema)) return UNKNOWN;
  path.push(schema);
  try {
    return bodyNodeOf(schema, required, key, path);
  } finally {
    path.pop();
  }
}

function bodyNodeOf(
  schema: SchemaObject,
  required: string[],
  key: string,
  path: object[],
): FlowiseSchemaNode {
  const isRequired = required.includes(key);
  const described = schema.description ?? key;
  if (schema.properties) {
    const shape = new Map<string, FlowiseSchemaNode>();
    for (const name of Object.keys(schema.properties)) {
      setProperty(shape, name, bodyNode(schema.properties[name] as SchemaObject, required, name, path));
    }
    return { kind: "object", shape };
  }
  const options = schema.oneOf ?? schema.anyOf;
  if (options) {
    const members = options.map((option) => bodyNode(option, required, key, path));
    return { kind: "union", members, description: schema.description ?? schema.title ?? key };
  }
  if (schema.enum) {
    const description = schema.description ?? schema.title ?? key;
    return { kind: "enum", values: schema.enum, description, ...optionalUnless(isRequired) };
  }
  switch (schema.type) {
    case "string":
    case "boolean": {
      const requiredError = isRequired ? { requiredError: `${key} required` } : {};
      return { kind: schema.type, ...requiredError, description: described, ...optionalUnless(isRequired) };
    }
    case "array":
      return { kind: "array", items: bodyNode(schema.items as SchemaObject, required, key, path) };
    case "number":
      return { kind: "number", ...bounds(schema), description: described, ...optionalUnless(isRequired) };
    case "integer":
      return { kind: "number", int: true, description: described, ...optionalUnless(isRequired) };
    case "null":
      return { kind: "null" };
    default:
      return UNKNOWN;
  }
}

/** Flowise bounds `number` with `minimum`/`maximum` but not `integer`. */
function bounds(schema: SchemaObject): { minimum?: number; maximum?: number } {
  const bounded: { minimum?: number; maximum?: number } = {};
  if (typeof schema.minimum === "number") bounded.minimum = schema.minimum;
  if (typeof schema.maximum === "number") bounded.maximum = schema.maximum;
  return bounded;
}

function optionalUnless(required: boolean): { optional?: true } {
  return required ? {} : { optional: true };
}

/**
 * Flowise assigns into a plain object, where a property named `__proto__` replaces the prototype
 * instead of adding a key, so zod never sees that property.
 */
function setProperty(shape: Map<string, FlowiseSchemaNode>, name: string, node: FlowiseSchemaNode) {
  if (name !== "__proto__") shape.set(name, node);
}

function asRequiredList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

function isObject(value: unknown): value is SchemaObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
