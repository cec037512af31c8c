import type { Exchange } from "../traffic/exchange.js";
import { type JsonBody, readJsonBody } from "../traffic/json-body.js";
import { generalisePaths, splitPath } from "./generalise-paths.js";
import { INFERRED_MARKER } from "./inferred-spec-marker.js";
import { addExchange, newOperationSamples, type OperationSamples } from "./operation-samples.js";
import { toOperation } from "./to-operation.js";

export interface InferSpecOptions {
  /** The origin to describe (`https://api.example.com`); default the one with the most exchanges. */
  origin?: string;
  /**
   * Describe every method and path seen, those the service did not route too (`keepAnswered` leaves
   * them out): what `tooldeck import har` needs to make a tool of every recorded call. Default false.
   */
  everyCall?: boolean;
}

/** An OpenAPI description inferred from traffic, and what it was inferred from. */
export interface InferredSpec {
  /** The OpenAPI 3.1 document, plain data (YAML- or JSON-ready). */
  document: Record<string, unknown>;
  /** The origin it describes. */
  origin: string;
  /** How many exchanges with that origin it was inferred from. */
  exchanges: number;
  /** The other origins seen, with their counts, most first (left out). */
  otherOrigins: [origin: string, exchanges: number][];
}

/** OpenAPI's methods, in the order a path item lists them here; other methods (PROPFIND) are left out. */
const METHOD_ORDER = ["GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE"];

/**
 * An OpenAPI 3.1 description of one origin inferred from its recorded exchanges (docs/traffic.md): paths
 * generalised into templates (`generalisePaths`), one operation per method and template with its path
 * and query parameters, request body and a response per status seen, JSON Schemas merged over every
 * example (`required` = present in all), and the origin as its server. A method the service did not
 * route is left out (`keepAnswered`). Undefined when no exchange has an
 * absolute http(s) URL (or none is with `options.origin`).
 * @example
 * const inferred = inferSpec(loadTraffic(["scenarios/"]).exchanges);
 * writeFileSync("api.yaml", dump(inferred.document));
 */
export function inferSpec(
  exchanges: readonly Exchange[],
  options: InferSpecOptions = {},
): InferredSpec | undefined {
  const byOrigin = groupByOrigin(exchanges);
  const counts = [...byOrigin].map(([origin, list]): [string, number] => [origin, list.length]);
  counts.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const origin = options.origin === undefined ? counts[0]?.[0] : originOf(options.origin);
  const chosen = origin === undefined ? undefined : byOrigin.get(origin);
  if (origin === undefined || !chosen) return undefined;
  const basePath = commonBasePath(chosen.map(({ url }) => url.pathname));
  const operations = collectOperations(chosen, basePath, options.everyCall === true);
  const host = new URL(origin).host;
  return {
    document: {
      openapi: "3.1.0",
      info: {
        title: `${host} as seen in ${plural(chosen.length, "recorded exchange")}`,
        version: "inferred",
        description: `Inferred by tooldeck from ${plural(chosen.length, "recorded exchange")} with ${origin}: only what the traffic showed is described.`,
        [INFERRED_MARKER]: true,
      },
      servers: [{ url: `${origin}${basePath}` }],
      paths: toPaths(operations),
    },
    origin,
    exchanges: chosen.length,
    otherOrigins: counts.filter(([other]) => other !== origin),
  };
}

interface ParsedExchange {
  exchange: Exchange;
  url: URL;
}

function groupByOrigin(exchanges: readonly Exchange[]): Map<string, ParsedExchange[]> {
  const byOrigin = new Map<string, ParsedExchange[]>();
  for (const exchange of exchanges) {
    let url: URL;
    try {
      url = new URL(exchange.request.url);
    } catch {
      continue;
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") continue;
    const list = byOrigin.get(url.origin) ?? [];
    list.push({ exchange, url });
    byOrigin.set(url.origin, list);
  }
  return byOrigin;
}

function originOf(given: string): string | undefined {
  try {
    return new URL(given.includes("://") ? given : `https://${given}`).origin;
  } catch {
    return undefined;
  }
}

/** An API prefix every path starts with (`/api`, `/v2`, `/api/v1`): the server's base path. */
const API_PREFIX = /^(api|rest|v\d+(\.\d+)?([a-z]+\d*)?)$/i;

function commonBasePath(paths: readonly string[]): string {
  const split = paths.map(splitPath);
  const prefix: string[] = [];
  for (let i = 0; ; i++) {
    const segment = split[0]?.[i];
    // A prefix leaves at least one segment to every path: `/v2` alone is an operation, not a base.
    if (segment === undefined || !API_PREFIX.test(segment)) break;
    if (!split.every((segments) => segments[i] === segment && segments.length > i + 1)) break;
    prefix.push(segment);
  }
  return prefix.map((segment) => `/${segment}`).join("");
}

function collectOperations(
  exchanges: readonly ParsedExchange[],
  basePath: string,
  everyCall: boolean,
): OperationSamples[] {
  const pathOf = (url: URL) => url.pathname.slice(basePath.length) || "/";
  const readJson = cachedJsonReader();
  const templated = generalisePaths(
    exchanges.map(({ exchange, url }) => ({
      path: pathOf(url),
      answerKeys: answerKeys(exchange.response.body, readJson),
    })),
  );
  const operations = new Map<string, OperationSamples>();
  for (const { exchange, url } of exchanges) {
    const method = exchange.request.method.toUpperCase();
    if (!METHOD_ORDER.includes(method)) continue;
    const { template, params } = templated(pathOf(url));
    const key = `${method} ${template}`;
    let samples = operations.get(key);
    if (!samples) {
      samples = newOperationSamples(method, template);
      operations.set(key, samples);
    }
    addExchange(samples, exchange, url, params, readJson);
  }
  return everyCall ? [...operations.values()] : keepAnswered([...operations.values()]);
}

/** Statuses that say a method and path are none of the service's operations (Express's "Cannot PUT"). */
const NOT_ROUTED = new Set([404, 405, 501]);

/**
 * The operations the service has, by its answers: a method only ever answered 405 or 501 is none, and
 * neither is one only ever answered 404 on a path without parameters that another method was answered
 * on (the tutorial's PUT /events, "Endpoint not found", beside GET /events). On a path with parameters
 * a 404 may say the item was not there (GET /events/{eventId} of a deleted event): that one stays.
 */
function keepAnswered(operations: OperationSamples[]): OperationSamples[] {
  const statuses = (samples: OperationSamples) => [...samples.responses.keys()];
  const answeredPaths = new Set(
    operations
      .filter((samples) => statuses(samples).some((status) => !NOT_ROUTED.has(status)))
      .map((samples) => samples.template),
  );
  return operations.filter((samples) => {
    const seen = statuses(samples);
    if (seen.some((status) => !NOT_ROUTED.has(status))) return true;
    if (!seen.every((status) => status === 404)) return false;
    return samples.pathParams.size > 0 || !answeredPaths.has(samples.template);
  });
}

/** `readJsonBody`, each text read once: an answer is read for its keys, then for its schema. */
function cachedJsonReader(): (text: string) => JsonBody {
  const read = new Map<string, JsonBody>();
  return (text) => {
    let body = read.get(text);
    if (!body) {
      body = readJsonBody(text);
      read.set(text, body);
    }
    return body;
  };
}

/** The field names of a JSON answer: an object's, or a list's first object's (marked `[]`). */
function answerKeys(text: string, readJson: (text: string) => JsonBody): string[] {
  if (!/^\s*[[{]/.test(text)) return [];
  const body = readJson(text);
  if (!body.json) return [];
  const value = body.value;
  if (Array.isArray(value)) {
    const first = value.find((item) => typeof item === "object" && item !== null && !Array.isArray(item));
    return first ? Object.keys(first).map((key) => `[]${key}`) : ["[]"];
  }
  return typeof value === "object" && value !== null ? Object.keys(value) : [];
}

function toPaths(operations: readonly OperationSamples[]): Record<string, Record<string, unknown>> {
  const paths: Record<string, Record<string, unknown>> = {};
  const sorted = [...operations].sort(
    (a, b) =>
      (a.template < b.template ? -1 : a.template > b.template ? 1 : 0) ||
      METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method),
  );
  for (const samples of sorted) {
    const item = paths[samples.template] ?? {};
    item[samples.method.toLowerCase()] = toOperation(samples);
    paths[samples.template] = item;
  }
  return paths;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}
