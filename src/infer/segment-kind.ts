const INTEGER = /^-?\d+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HEX = /^(?=.*\d)[0-9a-f]{8,}$/i;
const DATE = /^\d{4}-\d{2}-\d{2}/;
const DOTTED_NUMBER = /^\d+(\.\d+)+$/;
const VERSION = /^v\d+([a-z]+\d*)?$/i;
const TOKEN = /^[A-Za-z0-9_-]{20,}$/;

/**
 * Whether a path segment (decoded) is a value rather than a name, by its spelling alone: a number, a
 * UUID, a hex digest or object id, a date, a dotted version number, an e-mail address, a long token, or
 * a mix of letters and at least two digits (`usr_8f3k2`, `aG88rL`). API versions (`v1`, `v2beta1`) stay
 * names. Words (`alice`, `hello-world`) are told apart by `generalisePaths` from how often they recur.
 */
export function isValueSegment(segment: string): boolean {
  if (segment === "" || VERSION.test(segment)) return false;
  if (INTEGER.test(segment) || UUID.test(segment) || HEX.test(segment)) return true;
  if (DATE.test(segment) || DOTTED_NUMBER.test(segment) || segment.includes("@")) return true;
  if (TOKEN.test(segment) && /\d/.test(segment)) return true;
  const digits = segment.replace(/\D/g, "").length;
  return digits >= 2 && /[A-Za-z]/.test(segment);
}

/** The JSON Schema type and format of a path or query value's text: integer, number, boolean, uuid… */
export function textValueSchema(values: readonly string[]): { type: string; format?: string } {
  if (values.length > 0 && values.every((value) => INTEGER.test(value))) return { type: "integer" };
  if (values.length > 0 && values.every((value) => value !== "" && Number.isFinite(Number(value))))
    return { type: "number" };
  if (values.length > 0 && values.every((value) => value === "true" || value === "false"))
    return { type: "boolean" };
  if (values.length > 0 && values.every((value) => UUID.test(value)))
    return { type: "string", format: "uuid" };
  return { type: "string" };
}
