import type { DifyApiParameter } from "./api-tool-bundle.js";
import { pythonRepr, pythonStr } from "./python-text.js";

/** A Python exception's text, as Dify's tool relays it (`tool invoke error: <text>` to a model). */
export class DifyToolError extends Error {
  override readonly name = "DifyToolError";
}

const TRUE_TEXTS = new Set(["true", "yes", "y", "1"]);
const FALSE_TEXTS = new Set(["false", "no", "n", "0"]);

/**
 * Casts each argument by the type its parameter declares, as `Tool.transform_tool_parameters_type` does
 * before the call (fact 62); arguments no parameter declares pass as they are. A name declared twice is
 * cast by its last declaration (Dify casts in declaration order, each from the given value). Throws `DifyToolError` with Python's text when a number does not parse.
 * @example
 * castArguments(parameters, { n: "3", flag: "false", tags: ["a"] }); // { n: 3, flag: false, tags: "['a']" }
 */
export function castArguments(
  parameters: readonly DifyApiParameter[],
  args: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const cast: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(args)) {
    const parameter = parameters.findLast((candidate) => candidate.name === name);
    Object.defineProperty(cast, name, {
      value: parameter ? castValue(parameter.type, value) : value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return cast;
}

/** `cast_parameter_value` for one type. */
export function castValue(type: DifyApiParameter["type"], value: unknown): unknown {
  switch (type) {
    case "string":
      return value === null || value === undefined ? "" : pythonStr(value);
    case "boolean":
      return castBoolean(value);
    case "number":
      return castNumber(value);
    default:
      return value;
  }
}

/** None → False; `true/yes/y/1` → True and `false/no/n/0` → False, any case; any other text → `bool(text)`. */
function castBoolean(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === "boolean") return value;
  if (typeof value === "string") {
    const lower = value.toLowerCase();
    if (TRUE_TEXTS.has(lower)) return true;
    if (FALSE_TEXTS.has(lower)) return false;
    return value !== "";
  }
  return pythonTruth(value);
}

/** Python's `bool()` of a JSON value. */
export function pythonTruth(value: unknown): boolean {
  if (value === null || value === undefined || value === false || value === 0 || value === "") return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === "object") return Object.keys(value).length > 0;
  return true;
}

/** A number or boolean unchanged; `"3.5"` → 3.5, `"3"` → 3, `""` → None; text that does not parse raises. */
function castNumber(value: unknown): unknown {
  if (typeof value === "number" || typeof value === "boolean") return value;
  if (typeof value !== "string" || value === "") return null;
  return value.includes(".") ? pythonFloat(value) : pythonInt(value);
}

/** Python's `int(text)`: optional sign, digits and `_` between them, blanks around. */
export function pythonInt(text: string): number {
  const trimmed = text.trim();
  if (/^[+-]?\d+(?:_\d+)*$/.test(trimmed)) return Number(trimmed.replaceAll("_", ""));
  throw new DifyToolError(`invalid literal for int() with base 10: ${pythonRepr(text)}`);
}

/** Python's `float(text)`: a decimal or exponent number, `inf`, `nan`, blanks around. */
export function pythonFloat(text: string): number {
  const trimmed = text.trim().toLowerCase().replaceAll("_", "");
  if (/^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/.test(trimmed)) return Number(trimmed);
  if (/^[+-]?(?:inf|infinity)$/.test(trimmed)) return trimmed.startsWith("-") ? -Infinity : Infinity;
  if (/^[+-]?nan$/.test(trimmed)) return Number.NaN;
  throw new DifyToolError(`could not convert string to float: ${pythonRepr(text)}`);
}
