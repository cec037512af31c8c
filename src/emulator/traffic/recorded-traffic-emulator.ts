import { STATUS_CODES } from "node:http";
import { addToGroup } from "../../json/group-by.js";
import { type FetchLike, markInProcess } from "../../net/fetch-like.js";
import type { Exchange } from "../../traffic/exchange.js";
import { readJsonBody } from "../../traffic/json-body.js";

/**
 * Answers requests with recorded ones' answers (docs/traffic.md), in-process, whatever the host (the
 * outbound guard and the Flowise host check see it as such): a request gets the answer of the next
 * recorded exchange with the same method, URL (query in any order) and body (JSON compared as data),
 * the last one again once they are used up, so a scenario imported from a HAR capture replays offline.
 * A request never recorded is answered 404 with problem details naming it.
 * @example
 * const fetch = createRecordedTrafficEmulator(readTrafficFile("scenarios/traffic/x.traffic.json").exchanges);
 */
export function createRecordedTrafficEmulator(exchanges: readonly Exchange[]): FetchLike {
  const answers = new Map<string, Exchange["response"][]>();
  for (const { request, response } of exchanges) {
    const key = keyOf(request.method, request.url, request.body);
    addToGroup(answers, key, response);
  }
  const used = new Map<string, number>();
  const answer: FetchLike = async (input, init) => {
    const request = new Request(input, init);
    const body = request.body ? await request.text() : undefined;
    const key = keyOf(request.method, request.url, body);
    const recorded = answers.get(key);
    if (!recorded) return notRecorded(request);
    const index = used.get(key) ?? 0;
    used.set(key, index + 1);
    const {
      status,
      statusText,
      headers,
      body: text,
    } = recorded[Math.min(index, recorded.length - 1)] as Exchange["response"];
    const empty = status === 204 || status === 304 || request.method === "HEAD";
    return new Response(empty ? null : text, { status, statusText, headers });
  };
  return markInProcess(answer, () => true);
}

/** `GET https://host/path?a=1&b=2 <body>`: query parameters sorted, a JSON body as canonical JSON. */
function keyOf(method: string, url: string, body: string | undefined): string {
  let where = url;
  try {
    const parsed = new URL(url);
    parsed.searchParams.sort();
    parsed.hash = "";
    where = parsed.href;
  } catch {
    // a URL that does not parse is compared as written
  }
  const json = readJsonBody(body);
  const content = json.json ? canonical(json.value) : (body ?? "");
  return `${method.toUpperCase()} ${where} ${content}`;
}

/** JSON with object keys sorted: `{"b":1,"a":2}` and `{"a":2,"b":1}` are one body. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (typeof value !== "object" || value === null) return JSON.stringify(value);
  const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, field]) => `${JSON.stringify(key)}:${canonical(field)}`).join(",")}}`;
}

function notRecorded(request: Request): Response {
  const detail = `no recorded exchange for ${request.method} ${request.url}: the traffic the scenario replays never had this call`;
  return new Response(
    JSON.stringify({ type: "about:blank", title: STATUS_CODES[404], status: 404, detail }),
    {
      status: 404,
      statusText: STATUS_CODES[404] ?? "",
      headers: { "content-type": "application/problem+json" },
    },
  );
}
