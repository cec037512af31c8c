import type {
  ParameterLocation,
  ParameterObject,
  RequestBodyObject,
} from "../../../openapi/openapi-document.js";
import type { IndexedOperation } from "../../../openapi/operation-index.js";
import { toJsonSchema } from "./to-json-schema.js";

/** The argument object's wrapper for each parameter location. */
export const WRAPPERS: Record<ParameterLocation, string> = {
  path: "PathParameters",
  query: "QueryParameters",
  header: "HeaderParameters",
  cookie: "CookieParameters",
};

/** OpenAPI 3: header parameters with these names "SHALL be ignored" (media types and security say them). */
const IGNORED_HEADERS = ["accept", "content-type", "authorization"];

export interface StandardInput {
  json: Record<string, unknown>;
  /** Parameters the LLM fills in. */
  parameters: ParameterObject[];
  /** The request body's media type, when the operation takes one. */
  bodyMediaType: string | undefined;
}

/**
 * The input schema of an operation under the standard profile: path-item and operation parameters
 * (every type kept) grouped in `PathParameters`, `QueryParameters`, `HeaderParameters` and
 * `CookieParameters`, plus `RequestBody`. A wrapper is required only when something inside it is;
 * header parameters the toolkit's configured headers already supply are not shown.
 */
export function standardInputSchema(
  operation: IndexedOperation,
  configuredHeaders: Record<string, string>,
): StandardInput {
  const supplied = suppliedHeaders(configuredHeaders);
  const parameters = operation.parameters.filter(
    (p) => !(p.in === "header" && supplied.has(p.name.toLowerCase())),
  );
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const location of LOCATIONS) {
    const wrapper = parameterWrapper(parameters, location);
    if (!wrapper) continue;
    properties[WRAPPERS[location]] = wrapper;
    if (wrapper.required) required.push(WRAPPERS[location]);
  }
  const body = requestBodySchema(operation.requestBody);
  if (body) {
    properties.RequestBody = body.schema;
    if (body.required) required.push("RequestBody");
  }
  const json: Record<string, unknown> = { type: "object", properties };
  if (required.length > 0) json.required = required;
  json.additionalProperties = false;
  return { json, parameters, bodyMediaType: body?.mediaType };
}

const LOCATIONS = Object.keys(WRAPPERS) as ParameterLocation[];

/** Header names the LLM is not asked for, lower-case; one set per toolkit's headers. */
const suppliedByConfig = new WeakMap<Record<string, string>, Set<string>>();

function suppliedHeaders(configuredHeaders: Record<string, string>): Set<string> {
  let supplied = suppliedByConfig.get(configuredHeaders);
  if (!supplied) {
    supplied = new Set([...IGNORED_HEADERS, ...Object.keys(configuredHeaders).map((n) => n.toLowerCase())]);
    suppliedByConfig.set(configuredHeaders, supplied);
  }
  return supplied;
}

/** The wrapper object for the parameters at one location, or undefined when there are none. */
function parameterWrapper(parameters: ParameterObject[], location: ParameterLocation) {
  let properties: Record<string, unknown> | undefined;
  const required: string[] = [];
  for (const parameter of parameters) {
    if (parameter.in !== location) continue;
    properties ??= {};
    properties[parameter.name] = parameterSchema(parameter);
    // OpenAPI requires path parameters to be required, whatever the spec says.
    if (parameter.required === true || location === "path") required.push(parameter.name);
  }
  if (!properties) return undefined;
  const wrapper: Record<string, unknown> = { type: "object", properties };
  if (required.length > 0) wrapper.required = required;
  wrapper.additionalProperties = false;
  return wrapper as { required?: string[] };
}

/** Parameter schemas by parameter: a component parameter (`owner`, `per_page`) converts once. */
const parameterSchemas = new WeakMap<ParameterObject, Record<string, unknown>>();

function parameterSchema(parameter: ParameterObject): Record<string, unknown> {
  const known = parameterSchemas.get(parameter);
  if (known) return known;
  const source = parameter.schema ?? Object.values(parameter.content ?? {})[0]?.schema ?? { type: "string" };
  const schema = toJsonSchema(source, { direction: "request" });
  const description = parameter.description ?? schema.description;
  const result = description === undefined ? schema : { ...schema, description };
  parameterSchemas.set(parameter, result);
  return result;
}

const PREFERRED_MEDIA = [
  "application/json",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "text/plain",
];

/** The media type a body is sent as: JSON first, then any `+json`, then forms and text, else the first. */
export function pickMediaType(content: Record<string, unknown>): string | undefined {
  const types = Object.keys(content);
  return (
    PREFERRED_MEDIA.find((type) => types.includes(type)) ??
    types.find((type) => /[/+]json\b/.test(type)) ??
    types[0]
  );
}

function requestBodySchema(body: RequestBodyObject | undefined) {
  if (!body?.content) return undefined;
  const mediaType = pickMediaType(body.content);
  if (mediaType === undefined) return undefined;
  const source = body.content[mediaType]?.schema;
  const converted = source
    ? toJsonSchema(source, { direction: "request" })
    : mediaType.startsWith("text/")
      ? { type: "string" }
      : {};
  // A copy with the body's description: converted schemas are shared between tools.
  const schema =
    body.description && converted.description === undefined
      ? { ...converted, description: body.description }
      : converted;
  return { schema, mediaType, required: body.required === true };
}
