import type { FetchLike } from "../../src/net/fetch-like.js";

export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** A fetch that records what it is sent and answers with `respond` (default: 200 `ok`). */
export function recordingFetch(
  respond: (request: Request) => Response | Promise<Response> = () => new Response("ok"),
) {
  const requests: RecordedRequest[] = [];
  const fetch: FetchLike = async (input, init) => {
    const request = new Request(input, init);
    const body = request.body ? await request.clone().text() : "";
    requests.push({
      method: request.method,
      url: request.url,
      headers: Object.fromEntries(request.headers),
      body,
    });
    return respond(request);
  };
  return { fetch, requests, last: () => requests.at(-1) };
}
