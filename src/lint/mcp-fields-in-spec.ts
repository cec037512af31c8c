import type { ListedMcpTool } from "../mcp/list-mcp-tools.js";
import type { SchemaObject } from "../openapi/openapi-document.js";
import type { IndexedOperation, OperationIndex } from "../openapi/operation-index.js";
import { describeOperation, jsonBodySchema } from "./spec-helpers.js";

/** A field of an MCP tool's input schema and the schema an operation gives the same name. */
export interface McpField {
  name: string;
  /** JSON path inside the tool: `inputSchema.properties.body.properties.date`. */
  path: string;
  /** The field's schema as the tool lists it. */
  schema: SchemaObject;
  /** The operation's schema for it. */
  spec: SchemaObject;
  /** `POST /events (createEvent)` */
  operation: string;
}

/** Words of a tool name and the methods they say, as a reader (the LLM) takes them. */
const VERBS: [RegExp, readonly string[]][] = [
  [/^(delete|remove|cancel|destroy)$/, ["DELETE"]],
  [/^(create|add|insert|new|post|register)$/, ["POST", "PUT"]],
  [/^(update|modify|change|edit|rename|patch|replace|set)$/, ["PUT", "PATCH"]],
  [/^(get|list|fetch|read|search|find|show|query|retrieve)$/, ["GET"]],
];

/**
 * The fields of an MCP tool that an operation of the spec also describes. An MCP tool names no method
 * or URL, so the operations are found by name: the operationId the tool is named after (generated MCP
 * servers do that), else the operations whose method the name's verb says and whose path holds one of
 * its nouns (`create_event` → `POST /events`). A field is a property of the input schema, or of an
 * object property one level down (`body.date`, `PathParameters.id`), matched by name with a parameter
 * or a JSON body property.
 */
export function mcpFieldsInSpec(tool: ListedMcpTool, spec: OperationIndex): McpField[] {
  const leaves = fieldsOf(tool.inputSchema);
  return operationsNamed(tool.name, spec).flatMap((operation) => {
    const body = jsonBodySchema(operation);
    return leaves.flatMap(({ name, path, schema }) => {
      const found =
        operation.parameters.find((parameter) => parameter.name === name)?.schema ?? body?.properties?.[name];
      return found ? [{ name, path, schema, spec: found, operation: describeOperation(operation) }] : [];
    });
  });
}

function fieldsOf(inputSchema: Record<string, unknown>): Omit<McpField, "spec" | "operation">[] {
  const fields: Omit<McpField, "spec" | "operation">[] = [];
  for (const [name, schema] of propertiesOf(inputSchema, "inputSchema")) {
    const nested = propertiesOf(schema, `inputSchema.properties.${name}`);
    if (nested.length > 0)
      fields.push(
        ...nested.map(([inner, innerSchema, path]) => ({ name: inner, path, schema: innerSchema })),
      );
    else fields.push({ name, path: `inputSchema.properties.${name}`, schema });
  }
  return fields;
}

function propertiesOf(schema: unknown, at: string): [string, SchemaObject, string][] {
  const properties = (schema as SchemaObject | undefined)?.properties;
  if (typeof properties !== "object" || properties === null) return [];
  return Object.entries(properties)
    .filter(([, value]) => typeof value === "object" && value !== null)
    .map(([name, value]) => [name, value as SchemaObject, `${at}.properties.${name}`]);
}

function operationsNamed(name: string, spec: OperationIndex): IndexedOperation[] {
  const key = compact(name);
  const byId = spec.operations.filter((operation) => compact(operation.operationId ?? "") === key);
  if (byId.length > 0) return byId;
  const words = wordsOf(name);
  const methods = VERBS.find(([verb]) => words.some((word) => verb.test(word)))?.[1];
  if (!methods) return [];
  const nouns = new Set(words.map(singular));
  return spec.operations.filter(
    (operation) =>
      methods.includes(operation.method) &&
      operation.path
        .split("/")
        .filter((segment) => segment !== "" && !segment.startsWith("{"))
        .some((segment) => wordsOf(segment).some((word) => nouns.has(singular(word)))),
  );
}

function compact(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, "");
}

/** `createEvent`, `create_event`, `create-event` → `create`, `event`. */
function wordsOf(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

function singular(word: string): string {
  if (word.endsWith("ies") && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(ss|us)$/.test(word)) return word;
  return word.endsWith("s") && word.length > 3 ? word.slice(0, -1) : word;
}
