import type { RecordedRequest } from "../../traffic/exchange.js";

/** What `verify` puts back into a recorded request before sending it to the provider. */
export interface RequestFill {
  /** Values of the `{{$vars.NAME}}` a recording holds where a secret was (`--var`). */
  vars: Readonly<Record<string, string>>;
  /** Headers set on every request (`--header "Authorization: Bearer …"`): a redacted one needs it. */
  headers: Readonly<Record<string, string>>;
}

/** A recorded request aimed at the provider, or why it cannot be sent as the agent sent it. */
export type ProviderRequest = { ok: true; request: Request } | { ok: false; missing: string };

/** Headers a client sets for itself: the recording's copy would be stale (a length) or wrong (a host). */
const CLIENT_HEADERS = new Set(["host", "content-length", "connection", "transfer-encoding"]);

/**
 * The recorded request as the provider should get it: its path and query under the provider's base URL
 * (`http://localhost:8080` + `/events/1`; a base path is put before the recorded one), the secrets the
 * recording left out filled back in, and the user's headers over the recorded ones. A secret nobody
 * gave back (`[redacted]`, or a `{{$vars.NAME}}` with no `--var`) makes it unsendable: the provider
 * would refuse it for a reason the agent never meets.
 * @example
 * toProviderRequest(recorded, "http://127.0.0.1:5599", { vars: {}, headers: {} });
 */
export function toProviderRequest(
  recorded: RecordedRequest,
  provider: string,
  fill: RequestFill,
): ProviderRequest {
  const fillText = (text: string) =>
    text.replace(/\{\{\$vars\.([\w.-]+)\}\}/g, (whole, name: string) => fill.vars[name] ?? whole);
  const original = new URL(fillText(recorded.url));
  const base = new URL(provider);
  const basePath = base.pathname.replace(/\/+$/, "");
  const url = new URL(`${basePath}${original.pathname}${original.search}`, base.origin);
  const headers = new Headers();
  for (const [name, value] of Object.entries(recorded.headers)) {
    if (!CLIENT_HEADERS.has(name.toLowerCase())) headers.set(name, fillText(value));
  }
  for (const [name, value] of Object.entries(fill.headers)) headers.set(name, value);
  const body = recorded.body === undefined ? undefined : fillText(recorded.body);
  const missing = unfilled([
    ["URL", url.href],
    ...[...headers].map(([name, value]): [string, string] => [`header ${name}`, value]),
    ["body", body ?? ""],
  ]);
  if (missing) return { ok: false, missing };
  const init: RequestInit = { method: recorded.method, headers, redirect: "manual" };
  if (body !== undefined && !["GET", "HEAD"].includes(recorded.method.toUpperCase())) init.body = body;
  return { ok: true, request: new Request(url, init) };
}

/** What the recording left out and nobody gave back, in the words of the flag that gives it. */
function unfilled(parts: readonly [where: string, text: string][]): string | undefined {
  for (const [where, text] of parts) {
    const variable = /\{\{\$vars\.([\w.-]+)\}\}/.exec(text);
    if (variable)
      return `the ${where} holds the secret {{$vars.${variable[1]}}}: give it with --var ${variable[1]}=VALUE`;
    if (!text.includes("[redacted]")) continue;
    return where.startsWith("header ")
      ? `the ${where} was redacted when it was recorded: give it with --header "${where.slice(7)}: VALUE"`
      : `the ${where} holds a value redacted when it was recorded, which no flag gives back`;
  }
  return undefined;
}
