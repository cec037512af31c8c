/**
 * The parts of an OpenAPI 3.0/3.1 document tooldeck reads. Loose on purpose: a loaded spec keeps every
 * key it had (extensions included); these types name only what the index and the toolkit look at.
 * After `loadSpec`, no `$ref` objects are left: references point at the shared target object, so a
 * recursive schema is a cyclic object graph and every walker must guard against cycles.
 */
export type SchemaObject = Record<string, unknown> & {
  type?: string | string[];
  properties?: Record<string, SchemaObject>;
  required?: string[];
  items?: SchemaObject;
  enum?: unknown[];
  allOf?: SchemaObject[];
  oneOf?: SchemaObject[];
  anyOf?: SchemaObject[];
  description?: string;
  title?: string;
  nullable?: boolean;
  format?: string;
};

export type ParameterLocation = "path" | "query" | "header" | "cookie";

export interface ParameterObject {
  name: string;
  in: ParameterLocation;
  description?: string;
  required?: boolean;
  schema?: SchemaObject;
  style?: string;
  explode?: boolean;
  content?: Record<string, MediaTypeObject>;
  [extension: string]: unknown;
}

export interface MediaTypeObject {
  schema?: SchemaObject;
  [key: string]: unknown;
}

export interface RequestBodyObject {
  description?: string;
  required?: boolean;
  content: Record<string, MediaTypeObject>;
}

export interface ResponseObject {
  description?: string;
  content?: Record<string, MediaTypeObject>;
  headers?: Record<string, unknown>;
}

export interface ServerVariableObject {
  default: string;
  enum?: string[];
  description?: string;
}

export interface ServerObject {
  url: string;
  description?: string;
  variables?: Record<string, ServerVariableObject>;
}

export interface OperationObject {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: ParameterObject[];
  requestBody?: RequestBodyObject;
  responses?: Record<string, ResponseObject>;
  servers?: ServerObject[];
  deprecated?: boolean;
  [key: string]: unknown;
}

export interface PathItemObject {
  summary?: string;
  description?: string;
  parameters?: ParameterObject[];
  servers?: ServerObject[];
  [methodOrKey: string]: unknown;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string; [key: string]: unknown };
  servers?: ServerObject[];
  paths?: Record<string, PathItemObject>;
  components?: Record<string, unknown>;
  [key: string]: unknown;
}

/** The HTTP methods an OpenAPI path item may hold, in the order the specification lists them. */
export const OPENAPI_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;
export type OpenApiMethod = (typeof OPENAPI_METHODS)[number];
