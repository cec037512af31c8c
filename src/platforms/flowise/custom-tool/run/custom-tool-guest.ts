import { declarations } from "../../../../runtime/sandbox/function-source.js";
import { createGuestFetch } from "../../../../runtime/sandbox/guest-fetch.js";
import { guestPackagesSource } from "../../../../runtime/sandbox/guest-packages.js";
import { createAxios, createNodeFetch, GUEST_HTTP_CLIENTS } from "./guest-http-clients.js";

/** Flowise 3.1.4's default built-ins (utils.js:1685) the sandbox has no engine for. */
const UNPROVIDED_BUILTINS = ["assert", "buffer", "crypto", "events", "path", "querystring", "url", "zlib"];

/**
 * `require` over the modules given: any other name is `Cannot find module '<name>'`, as in Flowise, a
 * built-in Flowise would give saying so. It uses nothing of this file's scope.
 */
export function createGuestRequire(modules: Record<string, unknown>, unprovided: readonly string[]) {
  return (name: unknown) => {
    const key = String(name);
    if (Object.hasOwn(modules, key)) return modules[key];
    if (unprovided.includes(key))
      throw new Error(`Cannot find module '${key}' (Flowise gives it; tooldeck's sandbox has no ${key})`);
    throw new Error(`Cannot find module '${key}'`);
  };
}

/**
 * Runs inside the sandbox, before a Custom Tool's code: the globals Flowise 3.1.4's NodeVM gives it
 * (reference flowise-custom-tool.md §6) as far as the sandbox can honestly give them. `require`
 * answers the HTTP `clients` (`node-fetch`, `axios`), `timers` and, when `load` gives it, `buffer`.
 * No `fetch`, `URL` or `Symbol`; `process`, `util`, `fs` and `child_process` defined as undefined; a
 * console that prints nothing. It uses nothing of this file's scope but `createGuestRequire`.
 */
export function installCustomToolGlobals(
  clients: Record<string, unknown>,
  unprovided: readonly string[],
  load?: (name: string) => unknown,
): void {
  const silent = () => {};
  const global = globalThis as unknown as Record<string, unknown>;
  const setImmediate = (callback: unknown, ...args: unknown[]) =>
    (global.setTimeout as (...all: unknown[]) => number)(callback, 0, ...args);
  const { setTimeout, setInterval, clearTimeout, clearInterval } = global;
  const timers = {
    setTimeout,
    setInterval,
    clearTimeout,
    clearInterval,
    setImmediate,
    clearImmediate: clearTimeout,
  };
  // Loaded before Symbol goes: the package looks for it once, as it starts.
  const buffer = load?.("buffer") as { Buffer: unknown } | undefined;
  const modules: Record<string, unknown> = { ...clients, timers };
  if (buffer) modules.buffer = buffer;
  const module = { exports: {} };
  Object.assign(global, {
    require: createGuestRequire(modules, unprovided),
    module,
    exports: module.exports,
    console: { log: silent, info: silent, warn: silent, error: silent, debug: silent },
    setImmediate,
    clearImmediate: clearTimeout,
    process: undefined,
    util: undefined,
    fs: undefined,
    child_process: undefined,
    Symbol: undefined,
    Buffer: buffer?.Buffer,
  });
}

/** The prelude, given the expression for `load` (or none). */
function preludeSource(load: string): string {
  const parts = [createGuestFetch, createGuestRequire, installCustomToolGlobals, ...GUEST_HTTP_CLIENTS];
  // Each is called by the name it has here: a bundler may have renamed it (see `declarations`).
  const clients = `{ "node-fetch": ${createNodeFetch.name}(send), axios: ${createAxios.name}(send) }`;
  const args = [clients, JSON.stringify(UNPROVIDED_BUILTINS), load].filter(Boolean);
  return `(host) => {
${declarations(parts)}
const send = ${createGuestFetch.name}(host.fetch);
${installCustomToolGlobals.name}(${args.join(", ")});
}`;
}

const PRELUDE = preludeSource("");
let preludeWithBuffer: string | undefined;

/**
 * The sandbox prelude of a Custom Tool's code: its globals, with requests over the host function
 * `fetch`; `Buffer` and `require('buffer')` (the `buffer` package, run in the engine) only for code
 * that names them, since parsing the package costs every call that loads it.
 */
export function customToolPrelude(func: string): string {
  if (!/\bBuffer\b|["'`]buffer["'`]/.test(func)) return PRELUDE;
  preludeWithBuffer ??= preludeSource(guestPackagesSource(["base64-js", "ieee754", "buffer"]));
  return preludeWithBuffer;
}
