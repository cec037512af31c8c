import { DifyNodeError } from "../dify-node-error.js";

/** Server defaults (reference/dify-tools.md fact 14): text answers up to 1 MiB, files up to 10 MiB. */
export const MAX_TEXT_SIZE = 1024 * 1024;
export const MAX_FILE_SIZE = 10 * 1024 * 1024;

const TEXT_APPLICATION_TYPES = ["json", "xml", "javascript", "x-www-form-urlencoded", "yaml", "graphql"];
const TEXT_MARKERS = ["{", "[", "<", "function", "var ", "const ", "let "];
/**
 * `application/*` types Python's `mimetypes` knows (its built-in table, and the usual `/etc/mime.types`
 * entries): graphon takes one of them for a file, an unknown one for text.
 */
const KNOWN_APPLICATION_TYPES = new Set([
  "application/octet-stream",
  "application/pdf",
  "application/zip",
  "application/gzip",
  "application/x-tar",
  "application/msword",
  "application/vnd.ms-excel",
  "application/vnd.ms-powerpoint",
  "application/rtf",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  "application/postscript",
  "application/x-sh",
  "application/wasm",
  "application/x-7z-compressed",
]);

/** The answer as the node reads it: its status, headers (lower-case names), bytes and text. */
export interface NodeAnswer {
  status: number;
  headers: Record<string, string>;
  bytes: Uint8Array;
  text: string;
}

/**
 * Whether graphon takes an answer for a file (fact 41, `Response.is_file`): a `Content-Disposition` of
 * `attachment` or with a filename; `text/*` is text; `application/*` is text for JSON, XML, JavaScript,
 * form, YAML, GraphQL types, or when its first KiB is UTF-8 holding `{`, `[`, `<`, `function`, `var `,
 * `const ` or `let `; otherwise a type `mimetypes` knows is a file when its main type is application,
 * image, audio or video, and an unknown one only when it names image/, audio/ or video/. `text/csv`
 * reaches the `mimetypes` step and, its main type being `text`, is text too (the code, not fact 41).
 */
export function isFileAnswer(answer: NodeAnswer): boolean {
  const contentType = (answer.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (hasFileDisposition(answer.headers["content-disposition"])) return true;
  if (contentType.startsWith("text/")) return false;
  if (contentType.startsWith("application/")) {
    if (TEXT_APPLICATION_TYPES.some((type) => contentType.includes(type))) return false;
    if (looksLikeText(answer.bytes)) return false;
    if (KNOWN_APPLICATION_TYPES.has(contentType)) return true;
  }
  return ["image/", "audio/", "video/"].some((type) => contentType.includes(type));
}

function hasFileDisposition(disposition: string | undefined): boolean {
  if (disposition === undefined || disposition === "") return false;
  const type = disposition.split(";")[0]?.trim().toLowerCase();
  return type === "attachment" || /;\s*filename\*?\s*=/i.test(disposition);
}

function looksLikeText(bytes: Uint8Array): boolean {
  const sample = bytes.subarray(0, 1024);
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(sample);
    return TEXT_MARKERS.some((marker) => text.includes(marker));
  } catch {
    return false;
  }
}

/** `Response.readable_size`: `512 bytes`, `1.50 KB`, `1.50 MB`. */
function readableSize(size: number): string {
  if (size < 1024) return `${size} bytes`;
  if (size < 1024 * 1024) return `${(size / 1024).toFixed(2)} KB`;
  return `${(size / 1024 / 1024).toFixed(2)} MB`;
}

/** Fails as `_validate_and_parse_response` does when the answer is over its limit (fact 42). */
export function checkAnswerSize(answer: NodeAnswer, isFile: boolean): void {
  const limit = isFile ? MAX_FILE_SIZE : MAX_TEXT_SIZE;
  if (answer.bytes.length <= limit) return;
  const what = isFile ? "File" : "Text";
  throw new DifyNodeError(
    "ResponseSizeError",
    `${what} size is too large, max size is ${(limit / 1024 / 1024).toFixed(2)} MB, but current size is ${readableSize(answer.bytes.length)}.`,
  );
}

/** What the node outputs (fact 40): `{status_code, body, headers, files}`; a file's body is `""`. */
export interface NodeOutputs {
  status_code: number;
  body: string;
  headers: Record<string, string>;
  files: { mime_type: string; size: number }[];
}

/**
 * The node's outputs. A file is shown as its MIME type and size: Dify's file record (ids, storage URL)
 * is made by its file store, which tooldeck does not model.
 */
export function nodeOutputs(answer: NodeAnswer, isFile: boolean): NodeOutputs {
  const mimeType = answer.headers["content-type"] || "application/octet-stream";
  return {
    status_code: answer.status,
    body: isFile ? "" : answer.text,
    headers: answer.headers,
    files: isFile ? [{ mime_type: mimeType, size: answer.bytes.length }] : [],
  };
}
