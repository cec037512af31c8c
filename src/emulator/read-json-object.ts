import type { Context } from "hono";
import { isPlainObject } from "../json/json-value.js";
import { readStreamWithin } from "../net/read-stream-within.js";
import { nestsTooDeep } from "./json-depth.js";

export type JsonObjectRead =
  | { ok: true; value: Record<string, unknown> }
  | { ok: false; reason: "too-large" }
  | { ok: false; reason: "invalid-json"; message: string }
  | { ok: false; reason: "too-deep" };

/**
 * Reads a request body as a JSON object, refusing bodies over `maxBytes`. An empty body, or JSON
 * that is not an object (an array, a number, null), reads as an object with no fields; only text
 * that is not JSON is an error.
 */
export async function readJsonObject(c: Context, maxBytes: number): Promise<JsonObjectRead> {
  const text = await readTextWithin(c, maxBytes);
  if (text === undefined) return { ok: false, reason: "too-large" };
  if (text.trim() === "") return { ok: true, value: {} };
  if (nestsTooDeep(text)) return { ok: false, reason: "too-deep" };
  try {
    const parsed: unknown = JSON.parse(text);
    return { ok: true, value: isPlainObject(parsed) ? parsed : {} };
  } catch (cause) {
    return { ok: false, reason: "invalid-json", message: (cause as Error).message };
  }
}

/**
 * The body as text, or undefined when it is over the limit. A declared Content-Length is trusted
 * (Node's parser enforces it), which keeps the common case on @hono/node-server's fast path;
 * hono's own bodyLimit middleware materialises a web stream per request and costs 4x the throughput.
 * Without a length (chunked, or an in-process Request), the stream is counted as it is read. A body
 * an earlier middleware already read through `c.req` (such as the Flowise body guard) comes from
 * hono's cache.
 */
async function readTextWithin(c: Context, maxBytes: number): Promise<string | undefined> {
  if (Object.keys(c.req.bodyCache).length > 0) {
    const text = await c.req.text();
    return Buffer.byteLength(text) > maxBytes ? undefined : text;
  }
  const declared = c.req.header("content-length");
  if (declared !== undefined && c.req.header("transfer-encoding") === undefined) {
    return Number(declared) > maxBytes ? undefined : c.req.text();
  }
  const body = c.req.raw.body;
  if (!body) return "";
  return (await readStreamWithin(body, maxBytes))?.toString("utf8");
}
