import { type CheckerFor, readBody, readParameters } from "../emulator/spec/read-request.js";
import { createSchemaValidator } from "../emulator/spec/schema-validator.js";
import { bodySchemaOf, documented } from "../emulator/spec/spec-answers.js";
import { matchOperation } from "../openapi/match-operation.js";
import type { IndexedOperation, OperationIndex } from "../openapi/operation-index.js";
import type { Exchange } from "./exchange.js";
import { readJsonBody } from "./json-body.js";

/** Checks exchanges against one description; its schemas are compiled once, on first use. */
export type ExchangeChecker = (exchange: Exchange) => Promise<string[]>;

/**
 * Where a recorded exchange departs from the service's description, in words, with the spec emulator's
 * own validators (src/emulator/spec: the same rules it answers requests by): the request is no
 * operation, a parameter or the body is off its schema, the status is not declared, or the answer's
 * JSON is off the schema declared for that status. Empty when it fits.
 * @example
 * const check = createExchangeChecker(index);
 * await check(exchange); // ["the 200 answer of GET /events/{id} does not match its schema: /id must be string"]
 */
export function createExchangeChecker(index: OperationIndex): ExchangeChecker {
  const checkerFor = createSchemaValidator(index.spec.version);
  return async (exchange) => {
    const { request } = exchange;
    const match = matchOperation(index, request.method, request.url);
    if (!match.ok) return [match.message];
    const where = `${match.operation.method} ${match.operation.path}`;
    return [
      ...(await requestProblems(exchange, match.operation, match.params, checkerFor)).map(
        (problem) => `the request to ${where}: ${problem}`,
      ),
      ...answerProblems(exchange, match.operation, where, checkerFor),
    ];
  };
}

async function requestProblems(
  exchange: Exchange,
  operation: IndexedOperation,
  pathValues: Record<string, string>,
  checkerFor: CheckerFor,
): Promise<string[]> {
  const { method, url, headers, body } = exchange.request;
  const toRequest = () =>
    new Request(url, {
      method,
      headers,
      ...(body !== undefined && method !== "GET" && method !== "HEAD" ? { body } : {}),
    });
  const parameters = readParameters(toRequest(), new URL(url), operation, pathValues, checkerFor);
  if (!parameters.ok) return [parameters.message];
  const read = await readBody(toRequest(), operation, checkerFor);
  return read.ok ? [] : [read.message];
}

function answerProblems(
  exchange: Exchange,
  operation: IndexedOperation,
  where: string,
  checkerFor: CheckerFor,
): string[] {
  const { status, body } = exchange.response;
  const declared = documented(operation, status);
  if (!declared) return [`${where} answered ${status}, which its description does not declare`];
  const schema = bodySchemaOf(declared);
  const json = readJsonBody(body);
  if (!schema || !json.json) return [];
  const problem = checkerFor(schema, "response")(json.value);
  return problem ? [`the ${status} answer of ${where} does not match its schema: ${problem}`] : [];
}
