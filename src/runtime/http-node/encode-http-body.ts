import { createHash } from "node:crypto";
import type { HttpBodyType, KeyValue } from "../../config/http-node-config.js";

/** A body ready to send: its text and the Content-Type it needs (none for raw text). */
export interface EncodedBody {
  text: string;
  contentType?: string;
}

export type EncodeResult = { ok: true; body: EncodedBody } | { ok: false; error: string };

/**
 * Encodes the HTTP node's body as Flowise does: json parsed then re-serialised (invalid JSON fails),
 * raw as given, x-www-form-urlencoded as URLSearchParams, formData as multipart. The multipart boundary
 * is derived from the content, not random, so the same node sends the same bytes (cassettes stay stable).
 */
export function encodeHttpBody(bodyType: HttpBodyType, body: string | KeyValue[] | object): EncodeResult {
  switch (bodyType) {
    case "json":
      return encodeJson(body);
    case "raw":
      return { ok: true, body: { text: String(body) } };
    case "xWwwFormUrlencoded":
      return {
        ok: true,
        body: {
          text: new URLSearchParams(rows(body).map((row) => [row.key, row.value])).toString(),
          contentType: "application/x-www-form-urlencoded",
        },
      };
    case "formData":
      return { ok: true, body: encodeMultipart(rows(body)) };
  }
}

function encodeJson(body: string | KeyValue[] | object): EncodeResult {
  if (typeof body !== "string") return { ok: true, body: json(body) };
  try {
    return { ok: true, body: json(JSON.parse(body)) };
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

function encodeMultipart(fields: KeyValue[]): EncodedBody {
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
