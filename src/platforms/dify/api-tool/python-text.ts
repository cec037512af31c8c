/**
 * Python's ways of turning a value into text, as Dify's API tools use them (reference/dify-tools.md
 * facts 62, 64, 66, 68): `str()`, `json.dumps()` and `urllib.parse.urlencode()`. A JSON number is an int
 * when it is whole (JavaScript cannot tell `3.0` from `3` once parsed; Python would print `3.0`).
 */

/** Python's `str(value)`: `True`, `None`, `3`, `{'a': [1, 'x']}` (repr inside containers). */
export function pythonStr(value: unknown): string {
  return typeof value === "string" ? value : pythonRepr(value);
}

/** Python's `repr(value)` of a JSON value: strings quoted as Python quotes them. */
export function pythonRepr(value: unknown): string {
  if (value === null || value === undefined) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (typeof value === "number") return pythonNumber(value);
  if (typeof value === "string") return reprString(value);
  if (Array.isArray(value)) return `[${value.map(pythonRepr).join(", ")}]`;
  if (typeof value === "object")
    return `{${Object.entries(value)
      .map(([key, item]) => `${reprString(key)}: ${pythonRepr(item)}`)
      .join(", ")}}`;
  return String(value);
}

/** `str()` of a number: `inf`, `nan`, `1e+20` as Python writes them. */
function pythonNumber(value: number): string {
  if (Number.isNaN(value)) return "nan";
  if (!Number.isFinite(value)) return value > 0 ? "inf" : "-inf";
  if (Number.isInteger(value) && Math.abs(value) < 1e16) return String(value);
  return String(value).replace(/e([+-])(\d)$/, "e$10$2");
}

/** Single quotes unless the text holds `'` and no `"`; `\\`, `\n`, `\r`, `\t` and controls escaped. */
function reprString(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (char === "\\") out += "\\\\";
    else if (char === quote) out += `\\${quote}`;
    else if (char === "\n") out += "\\n";
    else if (char === "\r") out += "\\r";
    else if (char === "\t") out += "\\t";
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, "0")}`;
    else out += char;
  }
  return out + quote;
}

/**
 * Python's `json.dumps(value)` (defaults: `", "` and `": "` separators, non-ASCII as `\uXXXX` unless
 * `asciiOnly` is false, as `ensure_ascii=False` writes it).
 */
export function pythonJsonDumps(value: unknown, asciiOnly = true): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "number")
    return Number.isFinite(value) ? pythonNumber(value) : pythonJsonNonFinite(value);
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "string") return jsonString(value, asciiOnly);
  if (Array.isArray(value)) return `[${value.map((item) => pythonJsonDumps(item, asciiOnly)).join(", ")}]`;
  return `{${Object.entries(value as Record<string, unknown>)
    .map(([key, item]) => `${jsonString(key, asciiOnly)}: ${pythonJsonDumps(item, asciiOnly)}`)
    .join(", ")}}`;
}

function pythonJsonNonFinite(value: number): string {
  if (Number.isNaN(value)) return "NaN";
  return value > 0 ? "Infinity" : "-Infinity";
}

function jsonString(text: string, asciiOnly: boolean): string {
  const json = JSON.stringify(text);
  if (!asciiOnly) return json;
  return json.replace(/[\u007f-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** Python's `quote_plus`: letters, digits and `_.-~` kept, a space as `+`, the rest `%XX` of UTF-8. */
export function quotePlus(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, "+");
}

/** Python's `urlencode(pairs)`: each value as `str()` (a list as its repr: `doseq` is off). */
export function pythonUrlencode(body: Record<string, unknown>): string {
  return Object.entries(body)
    .map(([key, value]) => `${quotePlus(key)}=${quotePlus(pythonStr(value))}`)
    .join("&");
}

/**
 * httpx's encoding of a `data=` dict (form-encoded whatever the Content-Type): `true`/`false`, None as
 * `""`, a list as the key repeated, anything else as `str()`.
 */
export function httpxFormEncode(body: Record<string, unknown>): string {
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(body))
    for (const item of Array.isArray(value) ? value : [value])
      pairs.push(`${quotePlus(key)}=${quotePlus(httpxPrimitive(item))}`);
  return pairs.join("&");
}

/** httpx's `primitive_value_to_str`: booleans lower-case, None empty, the rest `str()`. */
export function httpxPrimitive(value: unknown): string {
  if (value === true) return "true";
  if (value === false) return "false";
  if (value === null || value === undefined) return "";
  return pythonStr(value);
}
