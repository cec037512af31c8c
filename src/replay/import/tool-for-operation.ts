import type { BodyFieldSpec, ParamSpec, RequestToolConfig } from "../../config/request-tool-config.js";
import { HttpMethodSchema } from "../../config/request-tool-config.js";
import { isPlainObject } from "../../json/json-value.js";
import type { IndexedOperation } from "../../openapi/operation-index.js";
import { isCredentialName } from "../../secrets/credential-names.js";

/** A header a recording carried a credential in, and the variable the tool sends it from. */
export interface CredentialHeader {
  header: string;
  variable: string;
}

/**
 * The request tool that makes one operation's calls (docs/traffic.md): the operation's URL on its server
 * with `:name` placeholders, every parameter as text (a path parameter required, a query parameter when
 * every call had it: the tool sends what was recorded, as recorded), the request body's top-level fields,
 * and each credential header the recording carried sent from a variable (`Authorization: {{$vars.authorization}}`).
 * Undefined for a method a request tool cannot have (HEAD, OPTIONS).
 */
export function toolForOperation(
  operation: IndexedOperation,
  context: { name: string; server: string; source: string; credentials: readonly CredentialHeader[] },
): RequestToolConfig | undefined {
  const method = HttpMethodSchema.safeParse(operation.method);
  if (!method.success) return undefined;
  const params: Record<string, ParamSpec> = {};
  for (const parameter of operation.parameters) {
    if (parameter.in !== "path" && parameter.in !== "query") continue;
    params[parameter.name] = { type: "string", in: parameter.in, required: parameter.required === true };
  }
  const body = bodyFields(operation);
  const tool: RequestToolConfig = {
    kind: "request",
    method: method.data,
    name: context.name,
    description: `${operation.method} ${operation.path} of ${new URL(context.server).host}, as recorded in ${context.source}`,
    url: `${context.server}${operation.path.replace(/\{([^{}]+)\}/g, ":$1")}`,
    headers: Object.fromEntries(
      context.credentials.map(({ header, variable }) => [header, `{{$vars.${variable}}}`]),
    ),
  };
  if (Object.keys(params).length > 0) tool.queryParamsSchema = params;
  if (body) tool.bodySchema = body;
  return tool;
}

const FIELD_TYPES = new Set(["string", "number", "integer", "boolean", "object", "array"]);

/** The top-level fields of a JSON object request body, typed as recorded (several types: a string). */
function bodyFields(operation: IndexedOperation): Record<string, BodyFieldSpec> | undefined {
  const schema = operation.requestBody?.content?.["application/json"]?.schema;
  if (!schema || !isPlainObject(schema.properties)) return undefined;
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  return Object.fromEntries(
    Object.entries(schema.properties).map(([name, field]) => {
      const type =
        isPlainObject(field) && typeof field.type === "string" && FIELD_TYPES.has(field.type)
          ? field.type
          : "string";
      return [name, { type: type as BodyFieldSpec["type"], required: required.has(name) }];
    }),
  );
}

/** The credential headers of recorded requests, each with a variable name (`X-Api-Key` → `x_api_key`). */
export function credentialHeaders(
  requests: readonly { headers: Record<string, string> }[],
): CredentialHeader[] {
  const names = new Set<string>();
  for (const { headers } of requests)
    for (const name of Object.keys(headers)) if (isCredentialName(name)) names.add(name.toLowerCase());
  return [...names].sort().map((header) => ({ header, variable: header.replace(/[^a-z0-9]+/g, "_") }));
}
