import { createGuestFetch } from "../sandbox/guest-fetch.js";

/**
 * Runs inside the sandbox: the globals Custom Code has besides its variables. `fetch` and
 * `require('node-fetch')` (the same function, as Flowise gives it) ask the host, and a console that
 * prints nothing. It uses nothing of this file's scope.
 */
export function installCustomCodeGlobals(fetch: unknown): void {
  const silent = () => {};
  Object.assign(globalThis, {
    fetch,
    require: (name: string) => {
      if (name === "node-fetch") return fetch;
      throw new Error(
        `Cannot find module '${name}': custom code has no module system (only 'node-fetch' is provided)`,
      );
    },
    console: { log: silent, info: silent, warn: silent, error: silent, debug: silent },
  });
}

/** The sandbox prelude of Custom Code: its globals, with a fetch over the host function `fetch`. */
export const CUSTOM_CODE_PRELUDE = `(host) => (${installCustomCodeGlobals})((${createGuestFetch})(host.fetch))`;
