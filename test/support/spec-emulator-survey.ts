import { generateValue } from "../../src/emulator/spec/generate-value.js";
import { createSchemaValidator } from "../../src/emulator/spec/schema-validator.js";
import { documented } from "../../src/emulator/spec/spec-answers.js";
import { createSpecEmulator } from "../../src/emulator/spec/spec-emulator.js";
import type { OpenApiSpec } from "../../src/openapi/load-spec.js";
import { jsonMedia } from "../../src/openapi/media-types.js";
import type { IndexedOperation } from "../../src/openapi/operation-index.js";

/** A request for an operation: generated path, query and header values, and a JSON body when it takes one. */
function validRequest(base: string, operation: IndexedOperation, seed: number): Request {
  let path = operation.path;
  const query = new URLSearchParams();
  const headers = new Headers();
  for (const parameter of operation.parameters) {
    const value = generateValue(parameter.schema ?? { type: "string" }, "request", seed);
    const text = Array.isArray(value) ? value.join(",") : String(value);
    // An empty segment would make the URL another operation's (`/users//events`).
    if (parameter.in === "path") path = path.replace(`{${parameter.name}}`, encodeURIComponent(text || "x"));
    else if (parameter.in === "query" && parameter.required) query.set(parameter.name, text);
    else if (parameter.in === "header" && parameter.required) headers.set(parameter.name, text);
  }
  const init: RequestInit = { method: operation.method, headers };
  const body = jsonMedia(operation.requestBody?.content);
  const type = Object.keys(operation.requestBody?.content ?? {}).find(
    (t) => operation.requestBody?.content[t] === body,
  );
  if (body && type) {
    headers.set("content-type", type === "*/*" ? "application/json" : type);
    init.body = JSON.stringify(generateValue(body.schema, "request", seed) ?? null);
  }
  return new Request(`${base}${path}${query.size > 0 ? `?${query}` : ""}`, init);
}

/** An operation that declares a success answer: every answer it gets is declared, or problem details. */
function declaresSuccess(operation: IndexedOperation): boolean {
  return Object.keys(operation.responses).some((status) => /^(2..|2XX|default)$/.test(status));
}

export interface Tally {
  answers: number;
  declared: number;
  validated: number;
  /** 5xx answers and undeclared statuses without problem details: must stay empty. */
  problems: string[];
  /** Bodies off their declared schema. */
  offSchema: string[];
}

type CheckerFor = ReturnType<typeof createSchemaValidator>;

async function judge(operation: IndexedOperation, response: Response, tally: Tally, checkerFor: CheckerFor) {
  tally.answers++;
  const where = `${operation.method} ${operation.path} → ${response.status}`;
  if (response.status >= 500) tally.problems.push(`${where}: a 5xx`);
  const declared = documented(operation, response.status);
  const text = await response.text();
  const problemDetails = response.headers.get("content-type") === "application/problem+json";
  if (declared) tally.declared++;
  else if (declaresSuccess(operation) && !problemDetails)
    tally.problems.push(`${where}: undeclared, not problem details`);
  const schema = jsonMedia(declared?.content)?.schema;
  if (!schema || text === "" || problemDetails) return;
  const problem = checkerFor(schema, "response")(JSON.parse(text));
  if (problem) tally.offSchema.push(`${where}: ${problem}`);
  else tally.validated++;
}

/**
 * The spec emulator over `spec`, asked every operation once with a valid request and once with an
 * invalid one: what it answered, judged against the spec. `summary` is the line of counts a test prints.
 */
export async function surveySpecEmulator(
  name: string,
  spec: OpenApiSpec,
): Promise<Tally & { summary: string }> {
  const emulator = createSpecEmulator(spec);
  // ajv over the schemas as OpenAPI means them (readOnly fields not asked of requests, writeOnly not of answers).
  const checkerFor = createSchemaValidator(spec.version);
  const base = `${emulator.server.origin ?? "http://spec.test"}${emulator.server.basePath}`;
  const tally: Tally = { answers: 0, declared: 0, validated: 0, problems: [], offSchema: [] };
  for (const [i, operation] of emulator.index.operations.entries()) {
    await judge(operation, await emulator.fetch(validRequest(base, operation, i + 1)), tally, checkerFor);
    const invalid = new Request(`${base}${operation.path}`, {
      method: operation.method,
      headers: { "content-type": "text/x-nonsense" },
      body: operation.method === "GET" || operation.method === "HEAD" ? null : "{",
    });
    await judge(operation, await emulator.fetch(invalid), tally, checkerFor);
  }
  const summary = `${name}: ${emulator.index.operations.length} operations, ${tally.answers} answers, ${tally.declared} with a declared status, ${tally.validated} bodies validated, ${tally.offSchema.length} off their schema`;
  return { ...tally, summary };
}
