import type { MediaTypeObject } from "../../openapi/openapi-document.js";
import type { IndexedOperation, OperationIndex } from "../../openapi/operation-index.js";
import { compileInputPattern } from "../../text/input-pattern.js";
import { PATTERN_PLACEHOLDER, whyNotGenerated } from "./pattern-generation.js";
import { childSchemas } from "./to-json-schema.js";

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
  const roots: unknown[] = [];
  const addContent = (content: Record<string, MediaTypeObject> | undefined) => {
    for (const media of Object.values(content ?? {})) roots.push(media.schema);
  };
  for (const parameter of operation.parameters) {
    roots.push(parameter.schema);
    addContent(parameter.content);
  }
  addContent(operation.requestBody?.content);
  for (const response of Object.values(operation.responses)) addContent(response.content);
  const patterns = new Set<string>();
  const seen = new Set<object>();
  const visit = (node: unknown) => {
    if (typeof node !== "object" || node === null || seen.has(node)) return;
    seen.add(node);
    if (!Array.isArray(node)) collectPatterns(node as Record<string, unknown>, patterns);
    for (const child of childSchemas(node)) visit(child);
  };
  for (const root of roots) visit(root);
  return [...patterns];
}

function collectPatterns(schema: Record<string, unknown>, patterns: Set<string>): void {
  if (typeof schema.pattern === "string") patterns.add(schema.pattern);
  const keyed = schema.patternProperties;
  if (typeof keyed === "object" && keyed !== null) for (const key of Object.keys(keyed)) patterns.add(key);
}
