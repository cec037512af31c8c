import { addToGroup } from "../../json/group-by.js";
import type { Cassette } from "../../replay/cassette.js";
import { escapeRegExp } from "../../text/escape-reg-exp.js";
import type { RecordedRequest, RecordedResponse } from "../../traffic/exchange.js";
import { typeMatchingRules } from "./matching-rules.js";

/** A Pact v4 file: one consumer, one provider, their interactions. */
export interface PactFile {
  consumer: { name: string };
  provider: { name: string };
  interactions: Record<string, unknown>[];
  metadata: { pactSpecification: { version: "4.0" }; tooldeck: { version: string } };
}

/** Headers a client or a server sets for itself: Pact's verifier and the provider set their own. */
const OWN_HEADERS = new Set([
  "host",
  "content-length",
  "connection",
  "transfer-encoding",
  "date",
  "keep-alive",
]);

/** Statuses as Pact v4's `statusCode` matcher names their classes. */
const STATUS_CLASSES: Record<number, string> = {
  1: "information",
  2: "success",
  3: "redirect",
  4: "clientError",
  5: "serverError",
};

/**
 * The cassettes' recorded calls as a Pact v4 contract (docs/contracts.md): one synchronous HTTP
 * interaction per call, in recorded order, with the cassette's provider states, the request as the
 * tool sent it (its secrets left out: a redacted header is not a contract), and the answer held to what
 * the agent relied on — its status class and its body's shape (type matchers), never its values.
 * @example
 * const pact = toPact([{ file, cassette }], { consumer: "support-agent", provider: "Event API", version });
 */
export function toPact(
  cassettes: readonly { cassette: Cassette }[],
  names: { consumer: string; provider: string; version: string },
): PactFile {
  const interactions: Record<string, unknown>[] = [];
  for (const { cassette } of cassettes) {
    const states = (cassette.providerStates ?? []).map((name) => ({ name }));
    cassette.calls.forEach((call, index) => {
      if (!call.request || !call.response) return;
      interactions.push({
        type: "Synchronous/HTTP",
        description: `${cassette.scenario} #${index + 1}: ${call.tool} ${call.request.method} ${pathOf(call.request.url)}`,
        providerStates: states,
        request: pactRequest(call.request),
        response: pactResponse(call.response),
      });
    });
  }
  return {
    consumer: { name: names.consumer },
    provider: { name: names.provider },
    interactions,
    metadata: { pactSpecification: { version: "4.0" }, tooldeck: { version: names.version } },
  };
}

function pactRequest(request: RecordedRequest): Record<string, unknown> {
  const url = new URL(request.url);
  // By Map and fromEntries: a recorded `__proto__` is a name like any other, never the object's prototype.
  const values = new Map<string, string[]>();
  for (const [name, value] of url.searchParams) addToGroup(values, name, value);
  const query = Object.fromEntries(values);
  const pact: Record<string, unknown> = { method: request.method.toUpperCase(), path: url.pathname };
  if (Object.keys(query).length > 0) pact.query = query;
  const headers = pactHeaders(request.headers);
  if (Object.keys(headers).length > 0) pact.headers = headers;
  const body = pactBody(request.body, request.headers);
  if (body) pact.body = body;
  return pact;
}

function pactResponse(response: RecordedResponse): Record<string, unknown> {
  const statusClass = STATUS_CLASSES[Math.floor(response.status / 100)];
  const pact: Record<string, unknown> = { status: response.status };
  const type = headerOf(response.headers, "content-type");
  if (type) pact.headers = { "Content-Type": [type] };
  const body = pactBody(response.body, response.headers);
  if (body) pact.body = body;
  const matchingRules: Record<string, unknown> = {};
  if (statusClass)
    matchingRules.status = {
      $: { combine: "AND", matchers: [{ match: "statusCode", status: statusClass }] },
    };
  if (body?.contentType === "application/json") matchingRules.body = typeMatchingRules(body.content);
  // The content type's parameters (`; charset=utf-8`) may differ: its media type is what the agent read.
  if (type)
    matchingRules.header = {
      "Content-Type": {
        combine: "AND",
        matchers: [{ match: "regex", regex: `^${escapeRegExp(type.split(";")[0]?.trim() ?? "")}.*` }],
      },
    };
  pact.matchingRules = matchingRules;
  return pact;
}

/** A recorded body as Pact keeps one: JSON as JSON, other text as text; none when empty. */
function pactBody(text: string | undefined, headers: Record<string, string>) {
  if (text === undefined || text === "") return undefined;
  const type = headerOf(headers, "content-type")?.split(";")[0]?.trim() || "text/plain";
  if (/[/+]json$/i.test(type)) {
    try {
      return { content: JSON.parse(text) as unknown, contentType: "application/json", encoded: false };
    } catch {
      // Recorded as JSON but is none: kept as the text it is.
    }
  }
  return { content: text, contentType: type, encoded: false };
}

/** The headers a tool chose to send, as Pact lists them; redacted and client-owned ones left out. */
function pactHeaders(headers: Record<string, string>): Record<string, string[]> {
  const kept: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (OWN_HEADERS.has(name.toLowerCase()) || value.includes("[redacted]") || value.includes("{{$vars."))
      continue;
    kept[name] = [value];
  }
  return kept;
}

function headerOf(headers: Record<string, string>, name: string): string | undefined {
  return Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
}

function pathOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}
