/** httpx's escaping of a form parameter (HTML5): `"` → `%22`, `\` → `\\`, control characters but ESC → `%XX`. */
function formParam(name: string, value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: httpx escapes these control characters.
  const escaped = value.replace(/["\\\x00-\x1a\x1c-\x1f]/g, (char) =>
    char === '"'
      ? "%22"
      : char === "\\"
        ? "\\\\"
        : `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`,
  );
  return `${name}="${escaped}"`;
}

/**
 * A multipart body as httpx 0.28 writes `data=` and `files=` (reference/dify-tools.md fact 32): each text
 * field `Content-Disposition: form-data; name="…"`, then Dify's placeholder file part
 * `__multipart_placeholder__` with an empty filename (so none is written), type
 * `application/octet-stream` and no bytes, then the closing boundary.
 */
export function encodeMultipart(fields: readonly [string, string][], boundary: string): string {
  let body = "";
  for (const [name, value] of fields)
    body += `--${boundary}\r\nContent-Disposition: form-data; ${formParam("name", name)}\r\n\r\n${value}\r\n`;
  body += `--${boundary}\r\nContent-Disposition: form-data; ${formParam("name", "__multipart_placeholder__")}\r\nContent-Type: application/octet-stream\r\n\r\n\r\n`;
  return `${body}--${boundary}--\r\n`;
}
