import { addToGroup } from "../json/group-by.js";
import { isJsonMediaType } from "../openapi/media-types.js";
import type { Exchange } from "../traffic/exchange.js";
import { type JsonBody, readJsonBody } from "../traffic/json-body.js";
import { createSchemaMerger } from "./schema-merger.js";

type SchemaMerger = ReturnType<typeof createSchemaMerger>;

/** What the exchanges of one operation showed of one body (a request's, or an answer's of one status). */
export interface BodySamples {
  /** Exchanges of this kind seen. */
  count: number;
  /** Bodies that were there (not empty). */
  present: number;
  /** The media types they came with (`application/json`), parameters aside. */
  mediaTypes: Set<string>;
  /** Their JSON, merged (`json` counts them); text bodies count in `present` only. */
  json: SchemaMerger;
}

/** Everything the exchanges of one method on one path template showed. */
export interface OperationSamples {
  method: string;
  template: string;
  count: number;
  /** Each path parameter's values, in path order. */
  pathParams: Map<string, string[]>;
  /** Each query parameter's values, and in how many exchanges it came (more than once in one: a list). */
  query: Map<string, { values: string[]; present: number; repeated: boolean }>;
  requestBody: BodySamples;
  /** By status code. */
  responses: Map<number, BodySamples>;
}

export function newOperationSamples(method: string, template: string): OperationSamples {
  return {
    method,
    template,
    count: 0,
    pathParams: new Map(),
    query: new Map(),
    requestBody: newBodySamples(),
    responses: new Map(),
  };
}

function newBodySamples(): BodySamples {
  return { count: 0, present: 0, mediaTypes: new Set(), json: createSchemaMerger() };
}

/** Adds one exchange (its URL parsed, its path parameters found) to its operation's samples. */
export function addExchange(
  samples: OperationSamples,
  exchange: Exchange,
  url: URL,
  params: readonly [string, string][],
  readJson: (text: string) => JsonBody = readJsonBody,
): void {
  samples.count++;
  for (const [name, value] of params) addToGroup(samples.pathParams, name, value);
  addQuery(samples, url.searchParams);
  addBody(samples.requestBody, exchange.request.body, exchange.request.headers, readJson);
  const { status } = exchange.response;
  let answer = samples.responses.get(status);
  if (!answer) {
    answer = newBodySamples();
    samples.responses.set(status, answer);
  }
  addBody(answer, exchange.response.body, exchange.response.headers, readJson);
}

function addQuery(samples: OperationSamples, search: URLSearchParams): void {
  const seen = new Map<string, number>();
  for (const [name, value] of search) {
    seen.set(name, (seen.get(name) ?? 0) + 1);
    let entry = samples.query.get(name);
    if (!entry) {
      entry = { values: [], present: 0, repeated: false };
      samples.query.set(name, entry);
    }
    entry.values.push(value);
  }
  for (const [name, times] of seen) {
    const entry = samples.query.get(name) as { present: number; repeated: boolean };
    entry.present++;
    entry.repeated ||= times > 1;
  }
}

function addBody(
  samples: BodySamples,
  text: string | undefined,
  headers: Record<string, string>,
  readJson: (text: string) => JsonBody,
): void {
  samples.count++;
  if (text === undefined || text === "") return;
  samples.present++;
  const type = mediaTypeOf(headers);
  const body: JsonBody = type === undefined || isJsonMediaType(type) ? readJson(text) : { json: false };
  samples.mediaTypes.add(type ?? (body.json ? "application/json" : "text/plain"));
  if (body.json) samples.json.add(body.value, text);
}

/** The bare media type of a message (`application/json` of `application/json; charset=utf-8`). */
function mediaTypeOf(headers: Record<string, string>): string | undefined {
  const entry = Object.entries(headers).find(([name]) => name.toLowerCase() === "content-type");
  const bare = entry?.[1].split(";")[0]?.trim().toLowerCase();
  return bare === "" ? undefined : bare;
}
