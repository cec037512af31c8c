import type { RequestToolConfig } from "../config/request-tool-config.js";
import { mergeAllOf } from "../openapi/merge-all-of.js";
import type { SchemaObject } from "../openapi/openapi-document.js";
import type { IndexedOperation } from "../openapi/operation-index.js";
import type { Profile } from "../profile.js";
import { toolProfileOf } from "../runtime/profiles/tool-profile-of.js";
import { type RequestShape, requestShapes } from "./request-shapes.js";
import type { LintContext } from "./rule.js";

const shapesByContext = new WeakMap<LintContext, WeakMap<RequestToolConfig, RequestShape[]>>();

/**
 * The shapes of a request tool and the operations they reach, or undefined without a spec. Several rules
 * ask for them; they are matched once per tool and lint run.
 */
export function shapesOf(config: RequestToolConfig, context: LintContext): RequestShape[] | undefined {
  const spec = context.spec;
  if (!spec) return undefined;
  const cache = shapesByContext.get(context) ?? new WeakMap<RequestToolConfig, RequestShape[]>();
  shapesByContext.set(context, cache);
  const shapes = cache.get(config) ?? requestShapes(config, context.profile, spec);
  cache.set(config, shapes);
  return shapes;
}

/** The operations a request tool reaches, once each. */
export function operationsOf(config: RequestToolConfig, context: LintContext): IndexedOperation[] {
  const found = (shapesOf(config, context) ?? []).flatMap((shape) =>
    shape.match.ok ? [shape.match.operation] : [],
  );
  return [...new Set(found)];
}

/** `PATCH /events/{id}` (updateEventDetails) */
export function describeOperation(operation: IndexedOperation): string {
  return `${operation.method} ${operation.path}${operation.operationId ? ` (${operation.operationId})` : ""}`;
}

/** The JSON request body schema of an operation, with `allOf` parts merged; undefined when it has none. */
export function jsonBodySchema(operation: IndexedOperation): SchemaObject | undefined {
  const content = operation.requestBody?.content ?? {};
  const media =
    content["application/json"] ?? Object.entries(content).find(([type]) => type.endsWith("+json"))?.[1];
  return media?.schema ? mergeAllOf(media.schema) : undefined;
}

/** The JSON type a schema declares (`integer`, `string`, …), the first non-null one of a list. */
export function schemaType(schema: SchemaObject | undefined): string | undefined {
  if (!schema) return undefined;
  if (Array.isArray(schema.type)) return schema.type.find((type) => type !== "null");
  if (schema.type) return schema.type;
  if (schema.properties) return "object";
  if (schema.items) return "array";
  return undefined;
}

/** Whether the profile presents a tool field to the LLM as this type (Flowise turns integer into string). */
export function typeSeenByLlm(declared: string, profile: Profile, where: "param" | "body"): string {
  return toolProfileOf(profile).typeSeenByLlm(declared, where);
}
