import { z } from "zod";
import { ToolDeckError } from "../errors.js";
import { formatZodIssue } from "../json/format-zod-issue.js";
import type { Exchange } from "./exchange.js";
import { maskExchange } from "./mask-exchange.js";

/** More entries than this in one HAR is refused: a day of a busy browser tab is a few thousand. */
export const MAX_HAR_ENTRIES = 50_000;

/** A request or response body longer than this (characters, after base64 decoding) is not kept. */
export const MAX_BODY_CHARS = 1024 * 1024;

/** Headers kept per message; a capture with more is hostile or broken. */
const MAX_HEADERS = 200;

const HeaderSchema = z.object({ name: z.string(), value: z.string() });

const HarEntrySchema = z.object({
  _resourceType: z.string().optional(),
  request: z.object({
    method: z.string().min(1),
    url: z.string().min(1),
    headers: z.array(HeaderSchema).max(MAX_HEADERS),
    postData: z.object({ mimeType: z.string().optional(), text: z.string().optional() }).optional(),
  }),
  response: z.object({
    status: z.number().int(),
    statusText: z.string(),
    headers: z.array(HeaderSchema).max(MAX_HEADERS),
    content: z.object({
      mimeType: z.string().optional(),
      text: z.string().optional(),
      encoding: z.string().optional(),
    }),
  }),
});
type HarEntry = z.infer<typeof HarEntrySchema>;

const HarSchema = z.object({
  log: z.object({
    entries: z.array(z.unknown()).max(MAX_HAR_ENTRIES, `more than ${MAX_HAR_ENTRIES} entries`),
  }),
});

/** The API calls of a HAR capture, masked, and why the other entries were left out. */
export interface HarExchanges {
  exchanges: Exchange[];
  /** How many entries were left out, by reason (`a page, script, style, image or font: 12`). */
  skipped: Map<string, number>;
}

/**
 * The API calls of a parsed HAR 1.2 log (browser dev tools, Playwright's `recordHar`, mitmproxy,
 * Charles), each masked as cassettes are (`maskExchange`). What a page loads besides its API calls
 * (documents, scripts, styles, images, fonts), failed or blocked requests (status 0), other schemes
 * and bodies over 1 MiB are left out and counted. A capture is untrusted: its size is bounded, an entry
 * that is not HAR is skipped with its reason, and nothing in it is ever run. `label` names it in errors.
 * @example
 * const { exchanges } = readHar(JSON.parse(readFileSync("capture.har", "utf8")), "capture.har");
 */
export function readHar(value: unknown, label: string): HarExchanges {
  const parsed = HarSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ToolDeckError("load", `${label}: not a HAR file (${issue ? formatZodIssue(issue) : "no log"})`);
  }
  const exchanges: Exchange[] = [];
  const skipped = new Map<string, number>();
  const skip = (reason: string) => skipped.set(reason, (skipped.get(reason) ?? 0) + 1);
  for (const raw of parsed.data.log.entries) {
    const entry = HarEntrySchema.safeParse(raw);
    if (!entry.success) {
      skip("not a HAR entry");
      continue;
    }
    const read = toExchange(entry.data);
    if (typeof read === "string") skip(read);
    else exchanges.push(maskExchange(read));
  }
  return { exchanges, skipped };
}

/** The exchange an entry records, or why it is left out. */
function toExchange(entry: HarEntry): Exchange | string {
  const { request, response } = entry;
  if (!/^https?:\/\//i.test(request.url)) return "not an http(s) request";
  if (response.status === 0) return "no answer (failed or blocked)";
  if (!isApiCall(entry)) return "a page, script, style, image or font";
  const requestBody = request.postData?.text;
  const responseBody = responseText(entry);
  if (responseBody === BINARY) return "a binary answer";
  if (responseBody === TOO_LARGE || (requestBody?.length ?? 0) > MAX_BODY_CHARS)
    return `a body over ${MAX_BODY_CHARS / 1024 / 1024} MiB`;
  return {
    request: {
      method: request.method.toUpperCase(),
      url: request.url,
      headers: toHeaders(request.headers),
      ...(requestBody !== undefined && requestBody !== "" ? { body: requestBody } : {}),
    },
    response: {
      status: response.status,
      statusText: response.statusText,
      headers: toHeaders(response.headers),
      body: responseBody,
    },
  };
}

const PAGE_RESOURCES = new Set(["document", "script", "stylesheet", "image", "font", "media", "manifest"]);
const PAGE_MEDIA =
  /^(text\/(html|css|javascript)|application\/(javascript|wasm)|image\/|font\/|audio\/|video\/)/i;

/**
 * What a page's own code asked for: an xhr/fetch when the capture says (Chromium's dev tools do), else
 * anything that is not a page, script, style, image or font by its answer's media type.
 */
function isApiCall(entry: HarEntry): boolean {
  const kind = entry._resourceType?.toLowerCase();
  if (kind === "xhr" || kind === "fetch") return true;
  if (kind !== undefined && PAGE_RESOURCES.has(kind)) return false;
  return !PAGE_MEDIA.test(entry.response.content.mimeType ?? "");
}

const TEXT_MEDIA = /json|xml|text\/|javascript|x-www-form-urlencoded|^$/i;

const BINARY = Symbol("binary");
const TOO_LARGE = Symbol("too large");

/** The answer's text: as captured, or decoded from base64 when it is text; a binary or too large one is neither. */
function responseText(entry: HarEntry): string | typeof BINARY | typeof TOO_LARGE {
  const { content } = entry.response;
  const text = content.text ?? "";
  if (!TEXT_MEDIA.test(content.mimeType ?? "")) return text === "" ? "" : BINARY;
  const base64 = content.encoding?.toLowerCase() === "base64";
  // Judged before decoding too: decoded text is three quarters of its base64, nothing larger is decoded.
  if (text.length > (base64 ? (MAX_BODY_CHARS * 4) / 3 + 8 : MAX_BODY_CHARS)) return TOO_LARGE;
  const decoded = base64 ? Buffer.from(text, "base64").toString("utf8") : text;
  return decoded.length > MAX_BODY_CHARS ? TOO_LARGE : decoded;
}

/**
 * HAR's header list as one record: HTTP/2 pseudo-headers (`:authority`) left out, a repeated header
 * joined with `, ` as fetch's `Headers` does (`Set-Cookie` too: it is masked anyway).
 */
function toHeaders(list: readonly { name: string; value: string }[]): Record<string, string> {
  const headers = new Map<string, string>();
  for (const { name, value } of list) {
    if (name.startsWith(":") || name === "") continue;
    const key = name.toLowerCase();
    const before = headers.get(key);
    headers.set(key, before === undefined ? value : `${before}, ${value}`);
  }
  // fromEntries: a header named __proto__ is a key like any other.
  return Object.fromEntries(headers);
}
