/** One HAR 1.2 entry, as browsers write them: headers as lists, the answer's text under `content`. */
export interface HarEntryParts {
  method?: string;
  url: string;
  requestHeaders?: Record<string, string>;
  requestBody?: string;
  status?: number;
  responseHeaders?: Record<string, string>;
  responseBody?: string;
  mimeType?: string;
  encoding?: string;
  resourceType?: string;
}

const list = (headers: Record<string, string> = {}) =>
  Object.entries(headers).map(([name, value]) => ({ name, value }));

export function harEntry(parts: HarEntryParts): Record<string, unknown> {
  const mimeType = parts.mimeType ?? "application/json";
  return {
    startedDateTime: "2024-07-01T09:00:00.000Z",
    time: 3,
    ...(parts.resourceType ? { _resourceType: parts.resourceType } : {}),
    request: {
      method: parts.method ?? "GET",
      url: parts.url,
      httpVersion: "HTTP/1.1",
      headers: list(parts.requestHeaders),
      queryString: [],
      cookies: [],
      headersSize: -1,
      bodySize: parts.requestBody?.length ?? 0,
      ...(parts.requestBody !== undefined
        ? { postData: { mimeType: "application/json", text: parts.requestBody } }
        : {}),
    },
    response: {
      status: parts.status ?? 200,
      statusText: parts.status === 404 ? "Not Found" : "OK",
      httpVersion: "HTTP/1.1",
      headers: list(parts.responseHeaders ?? { "Content-Type": mimeType }),
      cookies: [],
      content: {
        size: parts.responseBody?.length ?? 0,
        mimeType,
        ...(parts.responseBody !== undefined ? { text: parts.responseBody } : {}),
        ...(parts.encoding ? { encoding: parts.encoding } : {}),
      },
      redirectURL: "",
      headersSize: -1,
      bodySize: -1,
    },
    cache: {},
    timings: { send: 0, wait: 1, receive: 1 },
  };
}

/** A HAR log of these entries. */
export function harOf(entries: Record<string, unknown>[]): Record<string, unknown> {
  return { log: { version: "1.2", creator: { name: "test", version: "1" }, pages: [], entries } };
}
