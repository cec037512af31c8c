import type { CodeTemplate } from "./code-template.js";

/** The modules a Custom Tool sends HTTP with: Flowise's `node-fetch` and `axios`, or a global `fetch` (absent there). */
export type HttpClient = "node-fetch" | "axios" | "global fetch";

/** One field of a body object the code sends. */
export interface BodyField {
  key: string;
  /** The argument the value is (`{email: $email}` → `email`), when it is one. */
  property?: string;
  /** The value when it is a literal (`model: "sonar"`). */
  literal?: unknown;
  /** Added by `body.key = …` after the object was made, so not always sent. */
  optional?: boolean;
}

/** An HTTP call found in a Custom Tool's code, rebuilt without running it. */
export interface HttpCall {
  client: HttpClient;
  /** The body's own line of the call. */
  line: number;
  /** Upper case; undefined when the code computes it. */
  method: string | undefined;
  /** undefined when the URL is built at run time from what the code cannot show. */
  url: CodeTemplate | undefined;
  /** Header name → value, for the headers written as an object literal (a value the code computes: undefined). */
  headers: ReadonlyMap<string, CodeTemplate | undefined>;
  /** The JSON body's fields, when it is an object the code writes out; undefined otherwise. */
  body: readonly BodyField[] | undefined;
  /** Whether the call sets a `timeout`. */
  timeout: boolean;
}
