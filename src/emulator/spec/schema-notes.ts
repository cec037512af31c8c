import { lazyAjv } from "../../json/lazy-ajv.js";
import type { MediaTypeObject, SchemaObject } from "../../openapi/openapi-document.js";
import type { IndexedOperation, OperationIndex } from "../../openapi/operation-index.js";
import { compileInputPattern } from "../../text/input-pattern.js";
import { PATTERN_PLACEHOLDER, whyNotGenerated } from "./pattern-generation.js";
import { childSchemas, type Direction, toJsonSchema } from "./to-json-schema.js";

/** One schema of an operation and where it is: `POST /issues request body`, `GET /issues answer 200`. */
export interface PlacedSchema {
  where: string;
  schema: SchemaObject;
  direction: Direction;
}

/** The schemas of an operation's parameters, request body and answers, in document order. */
export function operationSchemas(operation: IndexedOperation): PlacedSchema[] {
  const target = `${operation.method} ${operation.path}`;
  const placed: PlacedSchema[] = [];
  const add = (where: string, schema: unknown, direction: Direction) => {
    if (typeof schema === "object" && schema !== null)
      placed.push({ where: `${target} ${where}`, schema: schema as SchemaObject, direction });
  };
  const addContent = (
    where: string,
    content: Record<string, MediaTypeObject> | undefined,
    direction: Direction,
  ) => {
    for (const media of Object.values(content ?? {})) add(where, media.schema, direction);
  };
  for (const parameter of operation.parameters) {
    const where = `${parameter.in} parameter "${parameter.name}"`;
    add(where, parameter.schema, "request");
    addContent(where, parameter.content, "request");
  }
  addContent("request body", operation.requestBody?.content, "request");
  for (const [status, response] of Object.entries(operation.responses))
    addContent(`answer ${status}`, response.content, "response");
  return placed;
}

/**
 * What `serve --spec --explain` adds after the operations: each pattern of an operation's schemas
 * (parameters, request bodies, answers) that the emulator does not check or generate from, and why:
 * `GET /notes: pattern /^(?!admin)\w+$/ is not checked (RE2 cannot run lookaround); a generated value
 * holds "tooldeck: pattern not generated"`.
 */
export function explainSchemas(index: OperationIndex): string[] {
  return index.operations.flatMap((operation) =>
    operationPatterns(operation).flatMap((pattern) => {
      const note = patternNote(pattern);
      return note ? [`${operation.method} ${operation.path}: pattern /${pattern}/ ${note}`] : [];
    }),
  );
}

/** What is said of a schema ajv cannot compile, at `--explain` and in `serve`'s log. */
export function uncompilableNote(where: string, message: string): string {
  return `${where}: ajv cannot compile its schema (${message}); only its types, required fields, properties, items and enums are checked`;
}

/**
 * The schemas of the operations that ajv cannot compile once translated (`toJsonSchema`), as
 * `uncompilableNote`s, without compiling every one (GitHub's 1,600 schemas take ajv ~20 s): a schema
 * its dialect's meta-schema accepts is taken to compile; one it refuses is compiled to be sure. One that
 * passes the meta-schema and still fails is told the first time a value is checked against it.
 */
export function explainUncompilable(index: OperationIndex): string[] {
  const ajv = lazyAjv(index.spec.version === "3.1" ? "2020-12" : "draft-07")();
  const notes: string[] = [];
  for (const operation of index.operations) {
    for (const { where, schema, direction } of operationSchemas(operation)) {
      const json = toJsonSchema(schema, direction);
      if (ajv.validateSchema(json)) continue;
      try {
        ajv.compile(json);
      } catch (error) {
        notes.push(uncompilableNote(where, (error as Error).message));
      }
    }
  }
  return notes;
}

/** Why the emulator does not honour a pattern, or undefined when it does. */
function patternNote(pattern: string): string | undefined {
  const placeholder = `a generated value holds ${JSON.stringify(PATTERN_PLACEHOLDER)}`;
  const compiled = compileInputPattern(pattern);
  if (!compiled.ok) return `is not checked (${compiled.reason}); ${placeholder}`;
  const why = whyNotGenerated(pattern);
  return why === undefined ? undefined : `is not generated from (${why}); ${placeholder}`;
}

/** The distinct patterns (and `patternProperties` keys) of an operation's schemas, in document order. */
function operationPatterns(operation: IndexedOperation): string[] {
  const patterns = new Set<string>();
  const seen = new Set<object>();
  const visit = (node: unknown) => {
    if (typeof node !== "object" || node === null || seen.has(node)) return;
    seen.add(node);
    if (!Array.isArray(node)) collectPatterns(node as Record<string, unknown>, patterns);
    for (const child of childSchemas(node)) visit(child);
  };
  for (const { schema } of operationSchemas(operation)) visit(schema);
  return [...patterns];
}

function collectPatterns(schema: Record<string, unknown>, patterns: Set<string>): void {
  if (typeof schema.pattern === "string") patterns.add(schema.pattern);
  const keyed = schema.patternProperties;
  if (typeof keyed === "object" && keyed !== null) for (const key of Object.keys(keyed)) patterns.add(key);
}
