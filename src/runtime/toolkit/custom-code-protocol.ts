/** The messages between a Custom Code child process and its parent: plain JSON, copied both ways. */

/** Parent → child, once: what to run. `variables` become the globals of the code. */
export interface RunMessage {
  type: "run";
  code: string;
  variables: Record<string, unknown>;
}

/** Child → parent: the code called `fetch`; the parent sends it and answers with a `FetchedMessage`. */
export interface FetchMessage {
  type: "fetch";
  id: number;
  url: string;
  method: string | undefined;
  headers: Record<string, string>;
  body: string | undefined;
}

/** Parent → child: the answer to fetch `id` (body read whole, as text), or why it was refused. */
export type FetchedMessage = { type: "fetched"; id: number } & (
  | { ok: true; answer: FetchAnswer }
  | { ok: false; error: string }
);

export interface FetchAnswer {
  url: string;
  status: number;
  statusText: string;
  headers: [string, string][];
  body: string;
}

/**
 * Child → parent, last: the code's value as JSON (`value` absent for undefined) and its `typeof`
 * ("null" for null); a value JSON cannot carry (a function, a cycle) comes as its type alone.
 */
export interface ResultMessage {
  type: "result";
  valueType: string;
  value?: unknown;
}

/** Child → parent, first: it listens; a message sent before could be lost. */
export interface ReadyMessage {
  type: "ready";
}

/** Child → parent, last: the code did not compile or threw; `message` is the user-facing text. */
export interface ErrorMessage {
  type: "error";
  message: string;
}

export type ParentMessage = RunMessage | FetchedMessage;
export type ChildMessage = ReadyMessage | FetchMessage | ResultMessage | ErrorMessage;
