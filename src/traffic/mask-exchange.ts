import type { ToolRequest, ToolResponse } from "../runtime/tool-result.js";
import { REDACTED, redactHeaders, redactQuery } from "../secrets/redact-credentials.js";
import { createSecretMasker } from "../secrets/secret-masker.js";
import type { SecretSpelling } from "../secrets/secret-spellings.js";
import type { Exchange } from "./exchange.js";
import { maskBody } from "./mask-body.js";

/**
 * An exchange with its secrets masked before it is kept anywhere (docs/security.md, docs/traffic.md), as
 * cassettes mask theirs (`maskMessages`).
 */
export function maskExchange(exchange: Exchange): Exchange {
  const { request, response } = maskMessages({
    request: withoutUndefined(exchange.request),
    response: exchange.response,
  });
  const masked: Exchange = { request: request as ToolRequest, response: response as ToolResponse };
  if (exchange.tool !== undefined) masked.tool = exchange.tool;
  return masked;
}

/** A request and its answer as recorded, either may be missing, and texts made from them (a tool's output). */
export interface HttpMessages {
  request?: ToolRequest | undefined;
  response?: ToolResponse | undefined;
  texts?: readonly string[];
}

/** Echoed values shorter than this are too likely to be ordinary text (`admin`, `true`) to hunt for. */
const MIN_ECHOED_SECRET = 8;

/**
 * The secrets of one HTTP exchange masked, in two passes. By name: headers with a credential's name
 * (`Authorization`, `Cookie`, `X-JWT-Assertion`, `X-Session-Id`…) and the query parameters, form
 * fields and JSON fields with one (src/secrets/credential-names.ts; `?code=` too) hold `[redacted]`;
 * the user-info of a URL (`https://user:pass@host`) is dropped; bodies and texts are masked by what
 * they are (`maskBody`: JSON, form, text). Then by value: every value masked by name in the first pass
 * (8+ characters; a header's value after its scheme, a cookie's value) is masked wherever else the
 * exchange holds it (a URL's path, another header, a body, the output), as written, percent- or
 * form-encoded, or escaped in JSON (`echoSpellings`).
 */
export function maskMessages(messages: HttpMessages): HttpMessages {
  const found: string[] = [];
  const first = maskPass(messages, (value) => found.push(value));
  const echoes = echoedSecrets(found);
  // Most exchanges hold no copy: the second pass is walked only when one of its spellings is there.
  const spelled = echoes.flatMap((value) => echoSpellings(value).map(({ text }) => text));
  if (!textsOf(first).some((text) => spelled.some((copy) => text.includes(copy)))) return first;
  const known = createSecretMasker(
    echoes.map((value) => ({ value, replacement: REDACTED })),
    { cutCopies: false, spellings: echoSpellings },
  );
  return maskPass(first, () => {}, known);
}

function maskPass(
  { request, response, texts }: HttpMessages,
  onSecret: (value: string) => void,
  known?: (text: string) => string,
): HttpMessages {
  const maskKnown = known ?? ((text: string) => text);
  const body = (text: string, headers: Record<string, string>) =>
    maskBody(text, { contentType: headerValue(headers, "content-type"), onSecret, maskKnown });
  const out: HttpMessages = {};
  if (request) {
    const masked: ToolRequest = {
      method: request.method,
      url: maskKnown(redactQuery(withoutUserInfo(request.url, onSecret), onSecret)),
      headers: maskHeaders(request.headers, onSecret, maskKnown),
    };
    if (request.body !== undefined) masked.body = body(request.body, request.headers);
    out.request = masked;
  }
  if (response)
    out.response = {
      status: response.status,
      statusText: response.statusText,
      headers: maskHeaders(response.headers, onSecret, maskKnown),
      body: body(response.body, response.headers),
    };
  if (texts) out.texts = texts.map((text) => maskBody(text, { onSecret, maskKnown }));
  return out;
}

/** Credential headers `[redacted]`; an address in any other (`Location: …?code=…`) masked as a URL is. */
function maskHeaders(
  headers: Record<string, string>,
  onSecret: (value: string) => void,
  maskKnown: (text: string) => string,
): Record<string, string> {
  const byName = redactHeaders(headers, onSecret);
  for (const [name, value] of Object.entries(byName)) {
    const url = /^(?:https?:\/\/|\/)/i.test(value)
      ? redactQuery(withoutUserInfo(value, onSecret), onSecret)
      : value;
    byName[name] = maskKnown(url);
  }
  return byName;
}

/** `https://user:pass@host/x` → `https://host/x`; anything that is no absolute URL is kept. */
function withoutUserInfo(url: string, onSecret: (value: string) => void): string {
  try {
    const parsed = new URL(url);
    if (parsed.username === "" && parsed.password === "") return url;
    for (const part of [parsed.username, parsed.password]) if (part) onSecret(percentDecoded(part));
    parsed.username = "";
    parsed.password = "";
    return parsed.href;
  } catch {
    return url;
  }
}

/**
 * The values worth looking for elsewhere: each masked value, and its pieces past a scheme or a name
 * (`Bearer abc…` → `abc…`, `sid=abc…; Path=/` → `abc…`), 8+ characters; a variable's placeholder
 * (`{{$vars.token}}`, in a cassette) is no secret.
 */
function echoedSecrets(found: readonly string[]): string[] {
  const values = new Set<string>();
  for (const value of found)
    for (const piece of [value, ...value.split(/[\s;,]+/).map((part) => part.slice(part.indexOf("=") + 1))])
      if (piece.length >= MIN_ECHOED_SECRET && !piece.includes("{{")) values.add(piece);
  return [...values];
}

/**
 * The spellings an echo in one exchange takes: as written, percent- and form-encoded (a URL, a form
 * body), escaped in JSON (a JSON body). Fewer than a report's (`secretSpellings`): these are worked
 * out for every call recorded.
 */
function echoSpellings(value: string): SecretSpelling[] {
  const texts = new Set([value, JSON.stringify(value).slice(1, -1)]);
  try {
    texts.add(encodeURIComponent(value));
    texts.add(new URLSearchParams({ v: value }).toString().slice(2));
  } catch {
    // A lone surrogate has no percent-encoding: its other spellings stand.
  }
  return [...texts].map((text) => ({ text, minPrefix: text.length }));
}

/** Every text of the messages: URL, header values, bodies, texts. */
function textsOf({ request, response, texts }: HttpMessages): string[] {
  return [
    ...(request ? [request.url, ...Object.values(request.headers), request.body ?? ""] : []),
    ...(response ? [...Object.values(response.headers), response.body] : []),
    ...(texts ?? []),
  ];
}

function headerValue(headers: Record<string, string>, name: string): string | undefined {
  return Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
}

function percentDecoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function withoutUndefined(request: Exchange["request"]): ToolRequest {
  const { body, ...rest } = request;
  return body === undefined ? rest : { ...rest, body };
}
