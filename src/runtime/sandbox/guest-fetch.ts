/** What a guest's `fetch` asks the host to send: header names lower-cased, the body as text. */
export interface GuestFetchRequest {
  url: string;
  method?: string | undefined;
  headers: Record<string, string>;
  body?: string | undefined;
}

/** The host's answer to a guest's fetch, its body read whole as text. */
export interface GuestFetchAnswer {
  url: string;
  status: number;
  statusText: string;
  headers: [string, string][];
  body: string;
}

/** The part of a fetch Response guest code reads. */
export interface GuestResponse {
  url: string;
  status: number;
  statusText: string;
  ok: boolean;
  headers: {
    get(name: string): string | null;
    has(name: string): boolean;
    forEach(callback: (value: string, name: string) => void): void;
  };
  text(): Promise<string>;
  json(): Promise<unknown>;
}

type GuestFetch = (input: unknown, init?: Record<string, unknown>) => Promise<GuestResponse>;

/**
 * Runs inside the engine: a `fetch` over the host function `send`, answering with a small Response
 * (status, ok, statusText, url, headers.get/has/forEach, text(), json()). It sends string bodies only;
 * headers may be an object, pairs or anything with `forEach` (a Response's headers). It uses nothing
 * of this file's scope.
 */
export function createGuestFetch(
  send: (request: GuestFetchRequest) => Promise<GuestFetchAnswer>,
): GuestFetch {
  const headerRecord = (init: unknown): Record<string, string> => {
    const record: Record<string, string> = Object.create(null);
    const add = (name: unknown, value: unknown) => {
      const key = String(name).toLowerCase();
      record[key] = key in record ? `${record[key]}, ${String(value)}` : String(value);
    };
    if (init === undefined || init === null) return record;
    if (Array.isArray(init)) for (const [name, value] of init) add(name, value);
    else if (typeof (init as { forEach?: unknown }).forEach === "function")
      (init as { forEach(callback: (value: unknown, name: unknown) => void): void }).forEach(
        (value, name) => {
          add(name, value);
        },
      );
    else for (const [name, value] of Object.entries(init)) add(name, value);
    return record;
  };

  const toResponse = (answer: GuestFetchAnswer): GuestResponse => {
    const values = (name: string) =>
      answer.headers.filter(([key]) => key === String(name).toLowerCase()).map(([, value]) => value);
    return {
      url: answer.url,
      status: answer.status,
      statusText: answer.statusText,
      ok: answer.status >= 200 && answer.status < 300,
      headers: {
        get: (name) => (values(name).length > 0 ? values(name).join(", ") : null),
        has: (name) => values(name).length > 0,
        forEach: (callback) => {
          for (const [name, value] of answer.headers) callback(value, name);
        },
      },
      text: async () => answer.body,
      json: async () => JSON.parse(answer.body),
    };
  };

  return async (input, init = {}) => {
    const request =
      typeof input === "object" && input !== null ? (input as Record<string, unknown>) : undefined;
    const body = init.body;
    if (body !== undefined && body !== null && typeof body !== "string")
      throw new TypeError("fetch sends only string bodies here");
    const answer = await send({
      url: String(request?.url ?? input),
      method: init.method === undefined ? (request?.method as string | undefined) : String(init.method),
      headers: headerRecord(init.headers ?? request?.headers),
      body: body ?? undefined,
    });
    return toResponse(answer);
  };
}
