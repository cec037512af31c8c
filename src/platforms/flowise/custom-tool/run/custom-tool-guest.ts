import { createGuestFetch } from "../../../../runtime/sandbox/guest-fetch.js";
import { guestPackagesSource } from "../../../../runtime/sandbox/guest-packages.js";

type GuestSend = (url: unknown, init?: Record<string, unknown>) => Promise<GuestFetchResponse>;

/** The part of the guest's fetch Response the clients below read. */
interface GuestFetchResponse {
  status: number;
  statusText: string;
  headers: { forEach(callback: (value: string, name: string) => void): void };
  text(): Promise<string>;
}

/**
 * Runs inside the sandbox, before a Custom Tool's code: the globals Flowise 3.1.4's NodeVM gives it
 * (reference flowise-custom-tool.md §6) as far as the sandbox can honestly give them. `require`
 * answers Flowise's allow-list: `node-fetch` (a bare async function, node-fetch 2's wire headers),
 * `axios` (a function with get/post/put/delete/patch) and `timers`, every request through `send` (the
 * host's fetch); a built-in Flowise allows that the sandbox has no engine for, and anything else, is
 * `Cannot find module '<name>'`. No `fetch`, `URL` or `Symbol`; `process`, `util`, `fs` and
 * `child_process` defined as undefined; a console that prints nothing. It uses nothing of this file's scope.
 */
export function installCustomToolGlobals(send: GuestSend, load?: (name: string) => unknown): void {
  const silent = () => {};
  const lowerCased = (headers: unknown): Record<string, string> => {
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
  };
  const fetchError = (error: unknown) => {
    const message = (error as { message?: unknown } | null)?.message;
    if (typeof message !== "string" || !/^request to .* failed, reason: /.test(message)) return error;
    const failed = new Error(message);
    failed.name = "FetchError";
    return Object.assign(failed, { type: "system" });
  };
  // node-fetch 2.7 as Flowise hands it over: `(url, options) => secureFetch(url, options)`.
  const nodeFetch = async (url: unknown, options: Record<string, unknown> = {}) => {
    const headers: Record<string, string> = {
      "user-agent": "node-fetch/1.0 (+https://github.com/bitinn/node-fetch)",
      accept: "*/*",
      "accept-encoding": "gzip,deflate",
      connection: "close",
      ...lowerCased(options.headers),
    };
    let body = options.body;
    if (body !== undefined && body !== null) {
      body = String(body);
      headers["content-type"] ??= "text/plain;charset=UTF-8";
    }
    try {
      return await send(String(url), { method: options.method ?? "GET", headers, body });
    } catch (error) {
      throw fetchError(error);
    }
  };
  // axios's buildURL: encodeURIComponent with `:`, `$`, `,`, `[`, `]` kept and spaces as `+`.
  const encodeParam = (text: string) =>
    encodeURIComponent(text)
      .replace(/%3A/gi, ":")
      .replace(/%24/g, "$")
      .replace(/%2C/gi, ",")
      .replace(/%20/g, "+")
      .replace(/%5B/gi, "[")
      .replace(/%5D/gi, "]");
  const axiosRequest = async (config: Record<string, unknown>) => {
    const headers: Record<string, string> = {
      accept: "application/json, text/plain, */*",
      "user-agent": "axios/1.15.0",
      "accept-encoding": "gzip, compress, deflate, br",
      ...lowerCased(config.headers),
    };
    let body = config.data;
    if (body !== undefined && body !== null && typeof body !== "string") {
      body = JSON.stringify(body);
      headers["content-type"] ??= "application/json";
    }
    const params = (config.params ?? {}) as Record<string, unknown>;
    const query = Object.keys(params)
      .filter((key) => params[key] !== undefined && params[key] !== null)
      .map((key) => `${encodeParam(key)}=${encodeParam(String(params[key]))}`)
      .join("&");
    const base = String(config.url);
    const url = query === "" ? base : `${base}${base.includes("?") ? "&" : "?"}${query}`;
    const method = String(config.method ?? "get").toUpperCase();
    const response = await send(url, { method, headers, body: body ?? undefined });
    const text = await response.text();
    let data: unknown = text;
    try {
      data = JSON.parse(text);
    } catch {}
    const answerHeaders: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      answerHeaders[name] = value;
    });
    const answer = {
      data,
      status: response.status,
      statusText: response.statusText,
      headers: answerHeaders,
      config,
    };
    if (response.status >= 200 && response.status < 300) return answer;
    const failed = new Error(`Request failed with status code ${response.status}`);
    failed.name = "AxiosError";
    throw Object.assign(failed, {
      code: response.status >= 500 ? "ERR_BAD_RESPONSE" : "ERR_BAD_REQUEST",
      response: answer,
    });
  };
  type Config = Record<string, unknown> | undefined;
  const axios = Object.assign(
    (target: unknown, config?: Config) =>
      typeof target === "string"
        ? axiosRequest({ ...config, url: target })
        : axiosRequest((target as Config) ?? {}),
    {
      get: (url: string, config?: Config) => axiosRequest({ ...config, url, method: "get" }),
      delete: (url: string, config?: Config) => axiosRequest({ ...config, url, method: "delete" }),
      post: (url: string, data?: unknown, config?: Config) =>
        axiosRequest({ ...config, url, data, method: "post" }),
      put: (url: string, data?: unknown, config?: Config) =>
        axiosRequest({ ...config, url, data, method: "put" }),
      patch: (url: string, data?: unknown, config?: Config) =>
        axiosRequest({ ...config, url, data, method: "patch" }),
    },
  );
  const global = globalThis as unknown as Record<string, unknown>;
  const timers = {
    setTimeout: global.setTimeout,
    setInterval: global.setInterval,
    clearTimeout: global.clearTimeout,
    clearInterval: global.clearInterval,
    setImmediate: (callback: unknown, ...args: unknown[]) =>
      (global.setTimeout as (...all: unknown[]) => number)(callback, 0, ...args),
    clearImmediate: global.clearTimeout,
  };
  const modules: Record<string, unknown> = { "node-fetch": nodeFetch, axios, timers };
  // Buffer is loaded (the `buffer` package, before Symbol goes) only for code that names it.
  const buffer = load?.("buffer") as { Buffer: unknown } | undefined;
  if (buffer) modules.buffer = buffer;
  // Flowise's default built-ins (utils.js:1685): the sandbox has no engine for these.
  const unprovided = ["assert", "buffer", "crypto", "events", "path", "querystring", "url", "zlib"];
  const require = (name: unknown) => {
    const key = String(name);
    if (Object.hasOwn(modules, key)) return modules[key];
    if (unprovided.includes(key))
      throw new Error(`Cannot find module '${key}' (Flowise gives it; tooldeck's sandbox has no ${key})`);
    throw new Error(`Cannot find module '${key}'`);
  };
  const module = { exports: {} };
  Object.assign(global, {
    require,
    module,
    exports: module.exports,
    console: { log: silent, info: silent, warn: silent, error: silent, debug: silent },
    setImmediate: timers.setImmediate,
    clearImmediate: timers.clearImmediate,
    process: undefined,
    util: undefined,
    fs: undefined,
    child_process: undefined,
    Symbol: undefined,
    Buffer: buffer?.Buffer,
  });
}

/** The prelude of code that does not name Buffer: its globals, with requests over the host function `fetch`. */
const PRELUDE = `(host) => (${installCustomToolGlobals})((${createGuestFetch})(host.fetch))`;

let preludeWithBuffer: string | undefined;

/**
 * The sandbox prelude of a Custom Tool's code: its globals, with requests over the host function
 * `fetch`; `Buffer` and `require('buffer')` (the `buffer` package, run in the engine) only for code
 * that names them, since parsing the package costs every call that loads it.
 */
export function customToolPrelude(func: string): string {
  if (!/\bBuffer\b|["'`]buffer["'`]/.test(func)) return PRELUDE;
  preludeWithBuffer ??= `(host) => (${installCustomToolGlobals})((${createGuestFetch})(host.fetch), ${guestPackagesSource(["base64-js", "ieee754", "buffer"])})`;
  return preludeWithBuffer;
}
