import type { Context, MiddlewareHandler } from "hono";
import { readStreamWithin } from "../../net/read-stream-within.js";
import { nestsTooDeep, TOO_DEEP_MESSAGE } from "../json-depth.js";
import { flowiseError } from "./flowise-json.js";
import { parseJsonStrict } from "./parse-json-strict.js";

/** Flowise's default `FLOWISE_FILE_SIZE_LIMIT` ("50mb", read by the `bytes` package as MiB). */
export const FLOWISE_BODY_LIMIT_BYTES = 50 * 1024 * 1024;

/**
 * What Flowise's global `express.json({ limit })` does before any route or auth check: a body over
 * the limit is 413 `request entity too large`, a JSON body that does not parse is 400 with the
 * parser's message. The body is read through `c.req` (or cached there), so later handlers can still
 * call `c.req.json()`, `c.req.text()` or `c.req.parseBody()`.
 */
export function bodyGuard(limitBytes = FLOWISE_BODY_LIMIT_BYTES): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.raw.body === null) return next();
    const declared = declaredLength(c);
    if (declared !== undefined && declared > limitBytes) return tooLarge(c);
    if (declared === undefined && !(await cacheWithin(c, limitBytes))) return tooLarge(c);
    if (isJsonRequest(c)) {
      const text = await c.req.text();
      if (text.length > 0) {
        // Our rule where Flowise has none: deep nesting would overflow the stack later (a 500).
        if (nestsTooDeep(text)) return flowiseError(c, 400, TOO_DEEP_MESSAGE);
        const parsed = parseJsonStrict(text);
        if (!parsed.ok) return flowiseError(c, 400, parsed.message);
      }
    }
    return next();
  };
}

/**
 * The request body as Flowise's handlers see `req.body`: the parsed JSON of a JSON request, the
 * fields of a form-urlencoded one, otherwise (no body, another content type, empty) `{}`.
 * Call after `bodyGuard`, which has checked the JSON.
 */
export async function readRequestBody(c: Context): Promise<unknown> {
  if (c.req.raw.body === null && Object.keys(c.req.bodyCache).length === 0) return {};
  if (isJsonRequest(c)) {
    const text = await c.req.text();
    return text.length === 0 ? {} : JSON.parse(text);
  }
  if (mediaType(c) === "application/x-www-form-urlencoded") return { ...(await c.req.parseBody()) };
  return {};
}

function isJsonRequest(c: Context): boolean {
  return mediaType(c) === "application/json";
}

function mediaType(c: Context): string | undefined {
  return c.req.header("content-type")?.split(";")[0]?.trim().toLowerCase();
}

function tooLarge(c: Context): Response {
  return flowiseError(c, 413, "request entity too large");
}

/** A trusted Content-Length (Node's parser enforces it), or undefined for a chunked or streamed body. */
function declaredLength(c: Context): number | undefined {
  const declared = c.req.header("content-length");
  if (declared === undefined || c.req.header("transfer-encoding") !== undefined) return undefined;
  return Number(declared);
}

/**
 * Reads a body of unknown length, counting as it goes; false once it passes the limit. The bytes are
 * put in hono's body cache, where `c.req.text()` / `json()` / `parseBody()` find them.
 */
async function cacheWithin(c: Context, limitBytes: number): Promise<boolean> {
  const body = c.req.raw.body;
  if (!body) return true;
  const bytes = await readStreamWithin(body, limitBytes);
  if (!bytes) return false;
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  // hono keeps promises in its cache although its type names the resolved values.
  (c.req.bodyCache as Record<string, unknown>).arrayBuffer = Promise.resolve(buffer);
  return true;
}
