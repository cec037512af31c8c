import type { FieldType, ParamSpec, RequestToolConfig } from "../../src/config/request-tool-config.js";
import { jsonBodySchema, schemaType } from "../../src/lint/spec-helpers.js";
import { matchOperation } from "../../src/openapi/match-operation.js";
import type { SchemaObject } from "../../src/openapi/openapi-document.js";
import type { IndexedOperation, OperationIndex } from "../../src/openapi/operation-index.js";

/** A defect planted on purpose, and the finding that must report it. */
export interface PlantedDefect {
  tool: string;
  code: string;
}

const TOOL_METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE"]);
const FIELD_TYPES = new Set<string>(["string", "number", "integer", "boolean", "object", "array"]);

/** A request-tool config that calls this operation correctly: every path, query and top-level body field. */
export function requestToolFor(operation: IndexedOperation): RequestToolConfig {
  const queryParamsSchema: Record<string, ParamSpec> = {};
  for (const param of operation.parameters) {
    if (param.in !== "path" && param.in !== "query") continue;
    queryParamsSchema[param.name] = {
      type: fieldType(param.schema),
      in: param.in,
      ...(param.required ? { required: true } : {}),
      ...(param.description ? { description: param.description.slice(0, 200) } : {}),
    };
  }
  const body =
    operation.method === "GET" || operation.method === "DELETE" ? undefined : jsonBodySchema(operation);
  const required = new Set(body?.required ?? []);
  const bodySchema = Object.fromEntries(
    Object.entries(body?.properties ?? {}).map(([name, schema]) => [
      name,
      {
        type: fieldType(schema),
        ...(required.has(name) ? { required: true } : {}),
        description: describe(schema),
      },
    ]),
  );
  return {
    kind: "request",
    method: operation.method as RequestToolConfig["method"],
    name: (operation.operationId ?? `${operation.method}_${operation.path}`)
      .replace(/[^a-zA-Z0-9_-]/g, "_")
      .slice(0, 64),
    description: (operation.summary ?? operation.path).slice(0, 200),
    url: `{{$vars.base_url}}${operation.path.replace(/\{([^{}]+)\}/g, ":$1")}`,
    headers: {},
    ...(Object.keys(queryParamsSchema).length > 0 ? { queryParamsSchema } : {}),
    ...(Object.keys(bodySchema).length > 0 ? { bodySchema } : {}),
  };
}

/**
 * `count` request tools: every operation's tool, then copies of them under other names (`…_2`, `…_3`),
 * as a project with that many tools would have; every tenth broken as `plantDefects` breaks it.
 */
export function githubRequestTools(
  index: OperationIndex,
  count: number,
): { configs: RequestToolConfig[]; planted: PlantedDefect[] } {
  const operations = toolOperations(index);
  const configs: RequestToolConfig[] = [];
  for (let i = 0; configs.length < count; i++) {
    const config = requestToolFor(operations[i % operations.length] as IndexedOperation);
    const copy = Math.floor(i / operations.length);
    if (copy > 0) config.name = `${config.name.slice(0, 64 - String(copy + 1).length - 1)}_${copy + 1}`;
    configs.push(config);
  }
  return { configs, planted: plantDefects(configs, index) };
}

/** Operations that make request tools (the five methods Flowise and providers know). */
export function toolOperations(index: OperationIndex): IndexedOperation[] {
  return index.operations.filter((op) => TOOL_METHODS.has(op.method));
}

/**
 * Breaks every tenth tool in one of four known ways, each of which a rule must report: a method the path
 * does not have, a path param removed from the schema, an undeclared query param, a wrong body type.
 */
export function plantDefects(configs: RequestToolConfig[], index: OperationIndex): PlantedDefect[] {
  const planted: PlantedDefect[] = [];
  configs.forEach((config, position) => {
    if (position % 10 !== 0) return;
    const defect = plantOne(config, position / 10, index);
    if (defect) planted.push({ tool: config.name, code: defect });
  });
  return planted;
}

function plantOne(config: RequestToolConfig, variant: number, index: OperationIndex): string | undefined {
  // A segment with two placeholders (`compare/:base...:head`) is matched as its own case: left alone.
  if (config.url.split("/").some((segment) => (segment.match(/:/g) ?? []).length > 1)) return undefined;
  const pathParams = Object.entries(config.queryParamsSchema ?? {}).filter(([, spec]) => spec.in === "path");
  switch (variant % 4) {
    case 0: {
      // Absent as the lint matches it: no template of the same shape has the method either.
      const absent = ["PUT", "PATCH", "POST", "DELETE", "GET"].find(
        (method) => !matchOperation(index, method, config.url).ok,
      );
      if (!absent) return undefined;
      config.method = absent as RequestToolConfig["method"];
      return "operation-not-found";
    }
    case 1: {
      const [first] = pathParams;
      if (!first) return plantOne(config, variant + 1, index);
      delete config.queryParamsSchema?.[first[0]];
      return "path-param-unsupplied";
    }
    case 2:
      config.queryParamsSchema = {
        ...config.queryParamsSchema,
        tooldeck_planted: { type: "string", in: "query" },
      };
      return "undeclared-query-param";
    default: {
      // A field the spec types as a string (not a oneOf the tool could only call a string).
      const match = matchOperation(index, config.method, config.url);
      const body = match.ok ? jsonBodySchema(match.operation) : undefined;
      const field = Object.entries(config.bodySchema ?? {}).find(
        ([name, spec]) => spec.type === "string" && schemaType(body?.properties?.[name]) === "string",
      );
      if (!field) return plantOne(config, variant + 2, index);
      field[1].type = "boolean";
      return "field-types";
    }
  }
}

function fieldType(schema: SchemaObject | undefined): FieldType {
  const type = schemaType(schema);
  return type && FIELD_TYPES.has(type) ? (type as FieldType) : "string";
}

function describe(schema: SchemaObject): string {
  const text = typeof schema.description === "string" ? schema.description : "";
  const format = typeof schema.format === "string" ? ` (${schema.format} format)` : "";
  return `${text.slice(0, 200)}${format}`;
}
