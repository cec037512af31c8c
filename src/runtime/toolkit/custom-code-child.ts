import type * as vm from "node:vm";
import type {
  ChildMessage,
  FetchAnswer,
  FetchedMessage,
  ParentMessage,
  RunMessage,
} from "./custom-code-protocol.js";

type Pending = { resolve: (answer: FetchAnswer) => void; reject: (error: Error) => void };

/**
 * The program of a Custom Code child process. Its source (Function.prototype.toString) is the child's
 * `-e` module, so it uses only globals and `vm` (imported by that module), nothing of this file's
 * scope (a bundler rewrites even a dynamic import written here). It
 * says it is ready, waits for one `run` message and runs the code in a `node:vm` context (code generation from strings
 * and wasm off) whose globals it builds from the copied variables: `fetch` and `require('node-fetch')`
 * ask the parent, which sends the request; the last message is the result or the error.
 */
export function customCodeChild({ createContext, Script }: typeof vm): void {
  const send = (message: ChildMessage) => process.send?.(message);
  const pending = new Map<number, Pending>();
  let lastId = 0;
  // Code may leave a failed fetch unawaited; as in Flowise, that does not end the run.
  process.on("unhandledRejection", () => {});
  process.on("disconnect", () => process.exit(0));
  process.on("message", (message: ParentMessage) => {
    if (message.type === "run") void run(message);
    else settle(message);
  });
  send({ type: "ready" });

  async function run(message: RunMessage): Promise<void> {
    let script: InstanceType<typeof Script>;
    try {
      script = new Script(`(async () => {\n${message.code}\n})()`, { filename: "custom-code.js" });
    } catch (cause) {
      send({ type: "error", message: `custom code does not compile: ${(cause as Error).message}` });
      return;
    }
    const context = createContext(globals(message.variables), {
      codeGeneration: { strings: false, wasm: false },
    });
    try {
      reply(await script.runInContext(context));
    } catch (cause) {
      const error = cause as Error | undefined;
      const text = typeof error?.message === "string" ? error.message : String(cause);
      send({ type: "error", message: `custom code threw: ${text}` });
    }
  }

  function reply(value: unknown): void {
    const valueType = value === null ? "null" : typeof value;
    try {
      if (value === undefined || JSON.stringify(value) !== undefined) {
        send({ type: "result", valueType, ...(value === undefined ? {} : { value }) });
        return;
      }
    } catch {
      // A cycle or a BigInt: reported by its type, as a value that is no string.
    }
    send({ type: "result", valueType });
  }

  function globals(variables: Record<string, unknown>): vm.Context {
    const fetch = (input: string | URL | Request, init: RequestInit = {}) => ask(input, init);
    const silent = () => {};
    return {
      ...variables,
      fetch,
      require: (name: string) => {
        if (name === "node-fetch") return fetch;
        throw new Error(
          `Cannot find module '${name}': custom code has no module system (only 'node-fetch' is provided)`,
        );
      },
      console: { log: silent, info: silent, warn: silent, error: silent, debug: silent },
      URL,
      URLSearchParams,
      Headers,
      Request,
      Response,
      AbortController,
      TextEncoder,
      TextDecoder,
      setTimeout,
      clearTimeout,
      setInterval,
      clearInterval,
    };
  }

  async function ask(input: string | URL | Request, init: RequestInit): Promise<Response> {
    const request = input instanceof Request ? input : undefined;
    const body = init.body ?? undefined;
    if (body !== undefined && body !== null && typeof body !== "string" && !(body instanceof URLSearchParams))
      throw new TypeError("custom code's fetch sends only string or URLSearchParams bodies");
    const headers = new Headers(init.headers ?? request?.headers);
    if (body instanceof URLSearchParams && !headers.has("content-type"))
      headers.set("content-type", "application/x-www-form-urlencoded;charset=UTF-8");
    lastId += 1;
    const id = lastId;
    const answer = new Promise<FetchAnswer>((resolve, reject) => pending.set(id, { resolve, reject }));
    send({
      type: "fetch",
      id,
      url: request ? request.url : String(input),
      method: init.method ?? request?.method,
      headers: Object.fromEntries(headers),
      body: body === null ? undefined : body?.toString(),
    });
    return toResponse(await answer);
  }

  function settle(message: FetchedMessage): void {
    const waiting = pending.get(message.id);
    pending.delete(message.id);
    if (!waiting) return;
    if (message.ok) waiting.resolve(message.answer);
    else waiting.reject(new TypeError(message.error));
  }

  function toResponse(answer: FetchAnswer): Response {
    const nullBody = [101, 204, 205, 304].includes(answer.status);
    const response = new Response(nullBody ? null : answer.body, {
      status: answer.status,
      statusText: answer.statusText,
      headers: answer.headers,
    });
    Object.defineProperty(response, "url", { value: answer.url });
    return response;
  }
}
