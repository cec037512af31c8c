import { declarations } from "./function-source.js";

/**
 * The guest's side of the sandbox: functions evaluated inside the engine, before any code of the
 * caller. Each uses only the others and the engine's own globals (their sources are what runs).
 */

/** Calls host function `name` with JSON text; resolves with the answer's JSON text. */
type Bridge = (name: string, arg: string) => Promise<string>;

/** Resolves after `ms` milliseconds, on the worker's clock. */
type Sleep = (ms: number) => Promise<void>;

/** What a prelude is given: each host function, taking and giving JSON values. */
export type GuestHost = Record<string, (value: unknown) => Promise<unknown>>;

/** What the bootstrap gives the worker: the prelude's `host`, and how to read what the code returned or threw. */
export interface BootstrapResult {
  host: GuestHost;
  /** JSON text of a value, or undefined (a function, a cycle, a BigInt, a throwing toJSON). */
  stringify(value: unknown): string | undefined;
  /** A thrown value's text: its string `message`, else String(value); cut to `max` characters. */
  describe(thrown: unknown, max: number): string;
}

/** The bootstrap's source: an expression for `guestBootstrap`, with the functions it calls in scope. */
export function guestBootstrapSource(): string {
  const parts = [guestBootstrap, installGuestTimers, refuseCodeFromStrings, defineGlobals, resultReaders];
  return `(() => {\n${declarations(parts)}\nreturn ${guestBootstrap.name};\n})()`;
}

/**
 * The bootstrap: the host functions as `host.<name>(value)`, timers driven by the worker, no code
 * from strings, the globals. What it returns reaches only the worker.
 */
export function guestBootstrap(
  bridge: Bridge,
  sleep: Sleep,
  globalsJson: string,
  namesJson: string,
): BootstrapResult {
  const { parse, stringify } = JSON;
  const host: GuestHost = {};
  for (const name of parse(namesJson) as string[])
    host[name] = async (value) => parse(await bridge(name, stringify(value) ?? "null"));
  installGuestTimers(sleep);
  refuseCodeFromStrings();
  defineGlobals(parse(globalsJson));
  return { host, ...resultReaders() };
}

/** Node's setTimeout/setInterval and their clears; each wait is the worker's and dies with the run. */
export function installGuestTimers(sleep: Sleep): void {
  const waiting = new Set<number>();
  let lastTimer = 0;
  const arm = (
    id: number,
    callback: (...args: unknown[]) => void,
    ms: number,
    args: unknown[],
    repeat: boolean,
  ) => {
    void sleep(ms).then(() => {
      if (!waiting.has(id)) return;
      if (repeat) arm(id, callback, ms, args, repeat);
      else waiting.delete(id);
      callback(...args);
    });
  };
  const schedule =
    (repeat: boolean) =>
    (callback: unknown, ms: unknown = 0, ...args: unknown[]): number => {
      if (typeof callback !== "function")
        throw new TypeError('The "callback" argument must be of type function');
      lastTimer += 1;
      waiting.add(lastTimer);
      arm(lastTimer, callback as (...args: unknown[]) => void, Math.max(1, Number(ms) || 0), args, repeat);
      return lastTimer;
    };
  const clear = (id: unknown) => void waiting.delete(id as number);
  Object.assign(globalThis, {
    setTimeout: schedule(false),
    setInterval: schedule(true),
    clearTimeout: clear,
    clearInterval: clear,
  });
}

/**
 * eval and the Function constructors refuse, in Node's words. Nothing the engine holds is worth
 * reaching, so this is no boundary; code that tries is told what Node's
 * --disallow-code-generation-from-strings told it before.
 */
export function refuseCodeFromStrings(): void {
  const refuse = function refuse() {
    throw new EvalError("Code generation from strings disallowed for this context");
  };
  const kinds = [() => {}, async () => {}, function* () {}, async function* () {}];
  for (const kind of kinds)
    Object.defineProperty(Object.getPrototypeOf(kind), "constructor", { value: refuse, writable: false });
  // `x instanceof Function` still holds for every function.
  refuse.prototype = Object.getPrototypeOf(refuse);
  Object.assign(globalThis, { Function: refuse, eval: refuse });
}

/** Each key a global, defined (a `__proto__` key is a name like any other). */
export function defineGlobals(globals: Record<string, unknown>): void {
  for (const key of Object.keys(globals))
    Object.defineProperty(globalThis, key, {
      value: globals[key],
      writable: true,
      enumerable: true,
      configurable: true,
    });
}

/** The readers of a result, made from JSON.stringify and String as they are before any code runs. */
export function resultReaders(): Omit<BootstrapResult, "host"> {
  const { stringify } = JSON;
  const toText = String;
  return {
    stringify: (value) => {
      try {
        return stringify(value);
      } catch {
        return undefined;
      }
    },
    describe: (thrown, max) => {
      let text: string;
      try {
        const message = (thrown as { message?: unknown } | null | undefined)?.message;
        text = typeof message === "string" ? message : toText(thrown);
      } catch {
        text = "a value that cannot be turned into text";
      }
      return text.length > max ? `${text.slice(0, max)}…` : text;
    },
  };
}
