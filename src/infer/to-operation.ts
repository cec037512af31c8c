import { STATUS_CODES } from "node:http";
import { isJsonMediaType } from "../openapi/media-types.js";
import type { BodySamples, OperationSamples } from "./operation-samples.js";
import { textValueSchema } from "./segment-kind.js";

type Json = Record<string, unknown>;

/**
 * The OpenAPI 3.1 operation the samples of one method and path template describe: its path and query
 * parameters (a query parameter is required when every exchange carried it; its type is what every
 * value fits), its request body and one response per status seen, with JSON Schemas merged over the
 * examples. The summary says how often it was seen.
 */
export function toOperation(samples: OperationSamples): Json {
  const parameters = [...pathParameters(samples), ...queryParameters(samples)];
  const operation: Json = {
    operationId: operationId(samples.method, samples.template),
    summary: `${samples.method} ${samples.template}, seen ${times(samples.count)}`,
  };
  if (parameters.length > 0) operation.parameters = parameters;
  const body = samples.requestBody;
  if (body.present > 0) {
    operation.requestBody = { required: body.present === body.count, content: content(body) };
  }
  operation.responses = Object.fromEntries(
    [...samples.responses]
      .sort(([a], [b]) => a - b)
      .map(([status, answer]) => [String(status), response(status, answer)]),
  );
  return operation;
}

function pathParameters(samples: OperationSamples): Json[] {
  return [...samples.pathParams].map(([name, values]) => ({
    name,
    in: "path",
    required: true,
    schema: textValueSchema(values),
  }));
}

function queryParameters(samples: OperationSamples): Json[] {
  return [...samples.query]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, { values, present, repeated }]) => ({
      name,
      in: "query",
      required: present === samples.count,
      schema: repeated ? { type: "array", items: textValueSchema(values) } : textValueSchema(values),
    }));
}

function response(status: number, answer: BodySamples): Json {
  const reason = STATUS_CODES[status] ?? `Status ${status}`;
  const described: Json = { description: `${reason}, seen ${times(answer.count)}` };
  if (answer.present > 0) described.content = content(answer);
  return described;
}

/** One media type entry per type seen: JSON ones with the merged schema, others as text. */
function content(samples: BodySamples): Json {
  const json = samples.json.count > 0 ? samples.json.schema() : undefined;
  return Object.fromEntries(
    [...samples.mediaTypes]
      .sort()
      .map((type) => [type, { schema: isJsonMediaType(type) ? (json ?? {}) : { type: "string" } }]),
  );
}

function times(count: number): string {
  return count === 1 ? "once" : `${count} times`;
}

/** `GET /events/{id}` → `getEventsById`; `/owners/{ownerId}/pets` → `getOwnersByOwnerIdPets`. */
export function operationId(method: string, template: string): string {
  const words = template
    .split("/")
    .filter((segment) => segment !== "")
    .map((segment) => {
      const param = /^\{(.+)\}$/.exec(segment)?.[1];
      return param
        ? `By${capital(param)}`
        : capital(segment.replace(/[^A-Za-z0-9]+(.)?/g, (_, c = "") => c.toUpperCase()));
    });
  return `${method.toLowerCase()}${words.join("")}`;
}

function capital(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
