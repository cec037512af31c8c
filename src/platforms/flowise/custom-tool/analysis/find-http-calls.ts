import type { CallExpression, Expression, ObjectExpression, Program, Property, SpreadElement } from "acorn";
import { acornWalk } from "../../../../text/javascript-parser.js";
import type { CodeScope } from "./code-scope.js";
import type { BodyField, HttpCall, HttpClient } from "./http-call.js";
import { lineOf } from "./parse-custom-tool-code.js";
import { isMethodCall, propertyKey } from "./syntax-shapes.js";

const AXIOS_METHODS = new Set(["get", "post", "put", "patch", "delete", "head", "options", "request"]);
/** axios methods whose second argument is the body (the others take the config second). */
const AXIOS_DATA_METHODS = new Set(["post", "put", "patch"]);

/**
 * Every HTTP call of the code: calls of what `require('node-fetch')` or `require('axios')` returned (also
 * through other names, and axios's methods), and calls of a global `fetch`; each with its method, URL,
 * headers and body rebuilt as far as they are written out.
 */
export function findHttpCalls(program: Program, scope: CodeScope): HttpCall[] {
  const calls: HttpCall[] = [];
  acornWalk().simple(program, {
    CallExpression(node) {
      const call = httpCallOf(node, scope);
      if (call) calls.push(call);
    },
  });
  return calls.sort((a, b) => a.line - b.line);
}

function httpCallOf(node: CallExpression, scope: CodeScope): HttpCall | undefined {
  const args = node.arguments.map((argument) => (argument.type === "SpreadElement" ? undefined : argument));
  const callee = node.callee as Expression;
  const client = clientOf(callee, scope);
  if (client === "node-fetch" || client === "global fetch") return fetchCall(client, node, args, scope);
  if (client === "axios") return axiosConfigCall(node, args, scope);
  if (callee.type === "MemberExpression" && !callee.computed && callee.property.type === "Identifier") {
    const method = callee.property.name;
    if (clientOf(callee.object as Expression, scope) === "axios" && AXIOS_METHODS.has(method))
      return axiosMethodCall(method, node, args, scope);
  }
  return undefined;
}

/** Which client an expression is: a `require` of it, a name holding one, or the global `fetch`. */
function clientOf(expression: Expression, scope: CodeScope, depth = 0): HttpClient | undefined {
  if (depth > 20) return undefined;
  if (expression.type === "CallExpression") {
    const module = requiredModule(expression);
    if (module === "node-fetch") return "node-fetch";
    if (module === "axios") return "axios";
    return undefined;
  }
  if (expression.type !== "Identifier") return undefined;
  if (!scope.declares(expression.name)) return expression.name === "fetch" ? "global fetch" : undefined;
  const value = scope.valueOf(expression.name);
  return value ? clientOf(value, scope, depth + 1) : undefined;
}

/** `require('x')` → `x`. */
function requiredModule(node: CallExpression): string | undefined {
  const [argument] = node.arguments;
  if (node.callee.type !== "Identifier" || node.callee.name !== "require") return undefined;
  return argument?.type === "Literal" && typeof argument.value === "string" ? argument.value : undefined;
}

type Argument = Expression | undefined;

/** `fetch(url, { method, headers, body, timeout })`. */
function fetchCall(
  client: HttpClient,
  node: CallExpression,
  [url, options]: Argument[],
  scope: CodeScope,
): HttpCall {
  const config = scope.object(options);
  const method = options === undefined ? "GET" : config ? methodOf(config, scope, "GET") : undefined;
  const body = config ? valueAt(config, "body") : undefined;
  return {
    client,
    line: lineOf(node),
    method,
    url: url && scope.template(url),
    headers: headersOf(config ? valueAt(config, "headers") : undefined, scope),
    body: body === undefined ? undefined : jsonBody(body, scope),
    timeout: config !== undefined && hasKey(config, "timeout"),
  };
}

/** `axios(config)`, `axios(url, config)`. */
function axiosConfigCall(node: CallExpression, [first, second]: Argument[], scope: CodeScope): HttpCall {
  const byUrl = first !== undefined && scope.object(first) === undefined;
  const config = scope.object(byUrl ? second : first);
  const url = byUrl ? first : config && valueAt(config, "url");
  const data = config && valueAt(config, "data");
  return {
    client: "axios",
    line: lineOf(node),
    method: config ? methodOf(config, scope, "GET") : byUrl && second === undefined ? "GET" : undefined,
    url: url && scope.template(url),
    headers: headersOf(config && valueAt(config, "headers"), scope),
    body: data === undefined ? undefined : objectBody(data, scope),
    timeout: config !== undefined && hasKey(config, "timeout"),
  };
}

/** `axios.get(url, config)`, `axios.post(url, data, config)`, `axios.request(config)`. */
function axiosMethodCall(method: string, node: CallExpression, args: Argument[], scope: CodeScope): HttpCall {
  if (method === "request") return axiosConfigCall(node, [args[0]], scope);
  const [url, second, third] = args;
  const withData = AXIOS_DATA_METHODS.has(method);
  const config = scope.object(withData ? third : second);
  return {
    client: "axios",
    line: lineOf(node),
    method: method.toUpperCase(),
    url: url && scope.template(url),
    headers: headersOf(config && valueAt(config, "headers"), scope),
    body: withData && second !== undefined ? objectBody(second, scope) : undefined,
    timeout: config !== undefined && hasKey(config, "timeout"),
  };
}

function methodOf(config: ObjectExpression, scope: CodeScope, fallback: string): string | undefined {
  const value = valueAt(config, "method");
  if (value === undefined) return hasSpread(config) ? undefined : fallback;
  const template = scope.template(value);
  const [only] = template ?? [];
  return template?.length === 1 && only && "text" in only ? only.text.toUpperCase() : undefined;
}

function headersOf(value: Expression | undefined, scope: CodeScope) {
  const headers = new Map<string, ReturnType<CodeScope["template"]>>();
  const object = scope.object(value);
  for (const property of object?.properties ?? []) {
    const key = property.type === "Property" ? propertyKey(property) : undefined;
    if (key !== undefined) headers.set(key, scope.template((property as Property).value));
  }
  return headers;
}

/** A node-fetch body: `JSON.stringify(<object>)`; any other body (a string, a form) is not read. */
function jsonBody(value: Expression, scope: CodeScope): BodyField[] | undefined {
  if (isMethodCall(value, "JSON", "stringify")) {
    const [argument] = value.arguments;
    return argument && argument.type !== "SpreadElement" ? objectBody(argument, scope) : undefined;
  }
  return undefined;
}

/** The fields of an object the code writes out, and those it adds later with `name.key = …`. */
function objectBody(value: Expression, scope: CodeScope): BodyField[] | undefined {
  const object = scope.object(value);
  if (!object || hasSpread(object)) return undefined;
  const fields: BodyField[] = [];
  for (const property of object.properties as Property[]) {
    const key = propertyKey(property);
    if (key === undefined) return undefined;
    fields.push(fieldOf(key, property.value as Expression, scope));
  }
  const added = value.type === "Identifier" ? scope.keysAddedTo(value.name) : [];
  for (const key of added)
    if (!fields.some((field) => field.key === key)) fields.push({ key, optional: true });
  return fields;
}

function fieldOf(key: string, value: Expression, scope: CodeScope): BodyField {
  if (value.type === "Identifier") {
    const property = scope.argumentOf(value.name);
    if (property !== undefined) return { key, property };
  }
  if (value.type === "Literal" && value.value !== undefined && !(value.value instanceof RegExp))
    return { key, literal: value.value };
  return { key };
}

function valueAt(object: ObjectExpression, key: string): Expression | undefined {
  for (const property of object.properties)
    if (property.type === "Property" && propertyKey(property) === key) return property.value as Expression;
  return undefined;
}

function hasKey(object: ObjectExpression, key: string): boolean {
  return valueAt(object, key) !== undefined;
}

function hasSpread(object: ObjectExpression): boolean {
  return object.properties.some((property: Property | SpreadElement) => property.type === "SpreadElement");
}
