/**
 * The HTTP clients a Custom Tool may `require`, as Flowise 3.1.4 hands them over (reference
 * flowise-custom-tool.md §6–§7). Each function runs inside the sandbox and uses only the others here,
 * its parameters and the engine's globals (their sources are what runs, see `customToolPrelude`).
 */

/** The guest's fetch (`createGuestFetch`): every request goes to the host. */
export type GuestSend = (url: unknown, init?: Record<string, unknown>) => Promise<GuestFetchResponse>;

/** The part of the guest's fetch Response the clients read. */
export interface GuestFetchResponse {
  status: number;
  statusText: string;
  headers: { forEach(callback: (value: string, name: string) => void): void };
  text(): Promise<string>;
}

type AxiosConfig = Record<string, unknown> | undefined;

/** Headers given as an object, pairs or anything with `forEach`, as a record of lower-case names. */
export function lowerCasedHeaders(headers: unknown): Record<string, string> {
  const record: Record<string, string> = {};
  if (headers === undefined || headers === null) return record;
  const add = (value: unknown, name: unknown) => {
    record[String(name).toLowerCase()] = String(value);
  };
  if (Array.isArray(headers)) for (const [name, value] of headers) add(value, name);
  else if (typeof (headers as { forEach?: unknown }).forEach === "function")
    (headers as { forEach(callback: (value: unknown, name: unknown) => void): void }).forEach(add);
  else for (const name of Object.keys(headers)) add((headers as Record<string, unknown>)[name], name);
  return record;
}

/** A request that got no answer is a node-fetch `FetchError` (the host words its message as node-fetch does). */
export function asFetchError(error: unknown): unknown {
  const message = (error as { message?: unknown } | null)?.message;
  if (typeof message !== "string" || !/^request to .* failed, reason: /.test(message)) return error;
  const failed = new Error(message);
  failed.name = "FetchError";
  return Object.assign(failed, { type: "system" });
}

/**
 * `require('node-fetch')`: a bare async function `(url, options)` (no `default`, `Headers` or
 * `Response`), sending node-fetch 2's headers, and a body that is not a string as `String(body)`.
 */
export function createNodeFetch(send: GuestSend) {
  return async (url: unknown, options: Record<string, unknown> = {}) => {
    const headers: Record<string, string> = {
      "user-agent": "node-fetch/1.0 (+https://github.com/bitinn/node-fetch)",
      accept: "*/*",
      "accept-encoding": "gzip,deflate",
      connection: "close",
      ...lowerCasedHeaders(options.headers),
    };
    let body = options.body;
    if (body !== undefined && body !== null) {
      body = String(body);
      headers["content-type"] ??= "text/plain;charset=UTF-8";
    }
    try {
      return await send(String(url), { method: options.method ?? "GET", headers, body });
    } catch (error) {
      throw asFetchError(error);
    }
  };
}

/** axios's buildURL: `encodeURIComponent` with `:`, `$`, `,`, `[`, `]` kept and spaces as `+`. */
export function encodeAxiosParam(text: string): string {
  return encodeURIComponent(text)
    .replace(/%3A/gi, ":")
    .replace(/%24/g, "$")
    .replace(/%2C/gi, ",")
    .replace(/%20/g, "+")
    .replace(/%5B/gi, "[")
    .replace(/%5D/gi, "]");
}

/** The URL axios requests: `config.url` with `config.params` appended. */
export function axiosUrl(config: Record<string, unknown>): string {
  const params = (config.params ?? {}) as Record<string, unknown>;
  const query = Object.keys(params)
    .filter((key) => params[key] !== undefined && params[key] !== null)
    .map((key) => `${encodeAxiosParam(key)}=${encodeAxiosParam(String(params[key]))}`)
    .join("&");
  const base = String(config.url);
  return query === "" ? base : `${base}${base.includes("?") ? "&" : "?"}${query}`;
}

/**
 * One axios request: axios 1.15's headers, an object body as JSON, the answer's JSON parsed into
 * `data`, and a status outside 2xx rejected as `AxiosError: Request failed with status code <n>`.
 */
export async function axiosRequest(send: GuestSend, config: Record<string, unknown>) {
  const headers: Record<string, string> = {
    accept: "application/json, text/plain, */*",
    "user-agent": "axios/1.15.0",
    "accept-encoding": "gzip, compress, deflate, br",
    ...lowerCasedHeaders(config.headers),
  };
  let body = config.data;
  if (body !== undefined && body !== null && typeof body !== "string") {
    body = JSON.stringify(body);
    headers["content-type"] ??= "application/json";
  }
  const method = String(config.method ?? "get").toUpperCase();
  const response = await send(axiosUrl(config), { method, headers, body: body ?? undefined });
  const text = await response.text();
  let data: unknown = text;
  try {
    data = JSON.parse(text);
  } catch {}
  const answerHeaders: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    answerHeaders[name] = value;
  });
  const { status, statusText } = response;
  const answer = { data, status, statusText, headers: answerHeaders, config };
  if (status >= 200 && status < 300) return answer;
  const failed = new Error(`Request failed with status code ${status}`);
  failed.name = "AxiosError";
  throw Object.assign(failed, {
    code: status >= 500 ? "ERR_BAD_RESPONSE" : "ERR_BAD_REQUEST",
    response: answer,
  });
}

/** `require('axios')`: a function of `(url, config)` or `(config)`, with get/post/put/delete/patch. */
export function createAxios(send: GuestSend) {
  const request = (config: AxiosConfig) => axiosRequest(send, config ?? {});
  const withoutBody = (method: string) => (url: string, config?: AxiosConfig) =>
    request({ ...config, url, method });
  const withBody = (method: string) => (url: string, data?: unknown, config?: AxiosConfig) =>
    request({ ...config, url, data, method });
  return Object.assign(
    (target: unknown, config?: AxiosConfig) =>
      typeof target === "string" ? request({ ...config, url: target }) : request(target as AxiosConfig),
    {
      get: withoutBody("get"),
      delete: withoutBody("delete"),
      post: withBody("post"),
      put: withBody("put"),
      patch: withBody("patch"),
    },
  );
}

/** Every function above, for the prelude's declarations. */
export const GUEST_HTTP_CLIENTS = [
  lowerCasedHeaders,
  asFetchError,
  createNodeFetch,
  encodeAxiosParam,
  axiosUrl,
  axiosRequest,
  createAxios,
];
