import { createRequire } from "node:module";
import type { HttpBodyType, KeyValue } from "../../config/http-node-config.js";
import type { HttpNodeRules } from "../profiles/tool-profile.js";

/** A body ready to send: its text and the Content-Type it needs (none for raw text). */
export interface EncodedBody {
  text: string;
  contentType?: string;
}

export type EncodeResult = { ok: true; body: EncodedBody } | { ok: false; error: string };

/**
 * Encodes the HTTP node's body: json parsed then re-serialised (invalid JSON fails), raw as given,
 * x-www-form-urlencoded and formData from the key/value list, json and form as the profile reads and
 * serialises them (`HttpNodeRules`: Flowise 3.1.4 reads JSON5 and sends a list as `0=&1=`). The
 * multipart boundary is derived from the content, not random, so the same node sends the same bytes
 * (cassettes stay stable).
 */
export function encodeHttpBody(
  bodyType: HttpBodyType,
  body: string | KeyValue[] | object,
  rules: HttpNodeRules,
): EncodeResult {
  switch (bodyType) {
    case "json":
      return encodeJson(body, rules.parseJsonBody);
    case "raw":
      return { ok: true, body: { text: String(body) } };
    case "xWwwFormUrlencoded":
      return { ok: true, body: { text: rules.encodeFormBody(body), contentType: FORM } };
    case "formData":
      return { ok: true, body: encodeMultipart(rows(body)) };
  }
}

const FORM = "application/x-www-form-urlencoded";

function encodeJson(body: string | KeyValue[] | object, parse: (text: string) => unknown): EncodeResult {
  if (typeof body !== "string") return { ok: true, body: json(body) };
  try {
    return { ok: true, body: json(parse(body)) };
  } catch (error) {
    return { ok: false, error: `Invalid JSON in body: ${(error as Error).message}` };
  }
}

function json(value: unknown): EncodedBody {
  return { text: JSON.stringify(value), contentType: "application/json" };
}

function rows(body: string | KeyValue[] | object): KeyValue[] {
  return Array.isArray(body) ? body : [];
}

// node:crypto takes ~3 ms to load and only a multipart body needs it: required on first use, so that
// building tools (and `tooldeck lint`) does not load it.
const requireBuiltin = createRequire(import.meta.url);

function encodeMultipart(fields: KeyValue[]): EncodedBody {
  const { createHash } = requireBuiltin("node:crypto") as typeof import("node:crypto");
  const digest = createHash("sha256").update(JSON.stringify(fields)).digest("hex").slice(0, 24);
  const boundary = `----tooldeck${digest}`;
  const parts = fields.map(
    (field) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${escapeQuotes(field.key)}"\r\n\r\n${field.value}\r\n`,
  );
  return {
    text: `${parts.join("")}--${boundary}--\r\n`,
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

function escapeQuotes(name: string): string {
  return name.replace(/"/g, "%22").replace(/\r?\n/g, " ");
}
