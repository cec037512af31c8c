/**
 * Python's text of JSON-like values, as Dify's Python code writes them (reference/dify-tools.md fact 23):
 * `str()` of numbers and booleans, `repr()` of lists and dicts, `json.dumps` with its default spacing.
 * A JSON number tooldeck is given whole (`1`, `1.0`) is taken as a Python int, any other as a float.
 */

/** Python's `repr(float)`: the shortest round-trip digits, exponent form below 1e-4 and from 1e16. */
export function pythonFloatRepr(x: number): string {
  if (Number.isNaN(x)) return "nan";
  if (!Number.isFinite(x)) return x > 0 ? "inf" : "-inf";
  if (x === 0) return Object.is(x, -0) ? "-0.0" : "0.0";
  const [mantissa = "", exponent = "0"] = x.toExponential().split("e");
  const sign = x < 0 ? "-" : "";
  const digits = mantissa.replace("-", "").replace(".", "");
  const e = Number(exponent);
  if (e < -4 || e >= 16) {
    const head = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    return `${sign}${head}e${e < 0 ? "-" : "+"}${String(Math.abs(e)).padStart(2, "0")}`;
  }
  if (e < 0) return `${sign}0.${"0".repeat(-e - 1)}${digits}`;
  const whole = digits.slice(0, e + 1).padEnd(e + 1, "0");
  return `${sign}${whole}.${digits.slice(e + 1) || "0"}`;
}

/** Python's `str()` of a number: an int's digits, a float's repr. */
export function pythonNumberText(x: number): string {
  return Number.isInteger(x) ? BigInt(x).toString() : pythonFloatRepr(x);
}

/** Characters `str.isprintable()` refuses: control, format, private, unassigned, separators but space. */
const NOT_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;

/** Python's `repr(str)`: single quotes unless the text holds `'` and no `"`; escapes as Python writes them. */
export function pythonStrRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const char of text) out += escapedChar(char, quote);
  return out + quote;
}

function escapedChar(char: string, quote: string): string {
  if (char === "\\" || char === quote) return `\\${char}`;
  if (char === "\n") return "\\n";
  if (char === "\r") return "\\r";
  if (char === "\t") return "\\t";
  if (char === " " || !NOT_PRINTABLE.test(char)) return char;
  const code = char.codePointAt(0) ?? 0;
  if (code < 0x100) return `\\x${code.toString(16).padStart(2, "0")}`;
  if (code < 0x10000) return `\\u${code.toString(16).padStart(4, "0")}`;
  return `\\U${code.toString(16).padStart(8, "0")}`;
}

/** Python's `repr()` of a JSON-like value: `[{'a': 1}, True, None]`. */
export function pythonRepr(value: unknown): string {
  if (value === null || value === undefined) return "None";
  if (typeof value === "boolean") return value ? "True" : "False";
  if (typeof value === "number") return pythonNumberText(value);
  if (typeof value === "string") return pythonStrRepr(value);
  if (Array.isArray(value)) return `[${value.map(pythonRepr).join(", ")}]`;
  const entries = Object.entries(value as Record<string, unknown>);
  return `{${entries.map(([key, item]) => `${pythonStrRepr(key)}: ${pythonRepr(item)}`).join(", ")}}`;
}

/**
 * Python's `json.dumps(value, ensure_ascii=False)` with its default separators `", "` and `": "`:
 * `{"a": 1, "b": [1.5, true]}`. Strings are escaped as JSON.stringify escapes them (the same set).
 */
export function pythonJsonDumps(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "number") return pythonJsonNumber(value);
  if (typeof value === "string") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(pythonJsonDumps).join(", ")}]`;
  const entries = Object.entries(value as Record<string, unknown>);
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}: ${pythonJsonDumps(item)}`).join(", ")}}`;
}

/** A number as Python's json writes it: `NaN`, `Infinity` for the values JSON has no text for. */
function pythonJsonNumber(x: number): string {
  if (Number.isNaN(x)) return "NaN";
  if (!Number.isFinite(x)) return x > 0 ? "Infinity" : "-Infinity";
  return pythonNumberText(x);
}
