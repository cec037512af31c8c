import { exampleInDescription } from "../format-told.js";
import { patternExample } from "./pattern-example.js";
import type { ProbeHints } from "./probe-hints.js";
import { checkSchema } from "./schema-check.js";

type Schema = Record<string, unknown>;

/** What a string of each format looks like (ajv-formats' formats, and OpenAPI's). */
const BY_FORMAT: Record<string, string> = {
  time: "10:00:00Z",
  email: "probe@example.com",
  "idn-email": "probe@example.com",
  uri: "https://example.com/",
  url: "https://example.com/",
  iri: "https://example.com/",
  "uri-reference": "https://example.com/",
  "iri-reference": "https://example.com/",
  "uri-template": "https://example.com/",
  uuid: "123e4567-e89b-12d3-a456-426614174000",
  hostname: "example.com",
  "idn-hostname": "example.com",
  ipv4: "192.0.2.1",
  ipv6: "2001:db8::1",
  byte: "dG9vbGRlY2s=",
  duration: "P1D",
  int32: "1",
  int64: "1",
  "json-pointer": "/tooldeck",
  regex: "^tooldeck$",
};

/** The value a probe makes up when nothing else fits: recognisable in any answer that quotes it. */
export const MADE_UP_PREFIX = "tooldeck probe";

/** Whether a schema accepts a value, as ajv reads it (a schema ajv cannot compile accepts everything). */
export function fits(schema: Schema, value: unknown): boolean {
  const problem = checkSchema(schema, value);
  return problem === undefined || problem === "uncheckable";
}

/**
 * A string the schema accepts: the example its description gives (`(e.g. …)`: a model writes what it is
 * shown), then one of its format, then one its name suggests (`id` → an existing id, `email` → an
 * address), then a made-up one; a `pattern` or length the chosen one misses is then met.
 */
export function stringExample(schema: Schema, name: string, hints: ProbeHints): string {
  const described = typeof schema.description === "string" ? schema.description : undefined;
  const told = exampleInDescription(described);
  const format = formatExample(schema.format, hints);
  const candidates = [told, format, nameExample(name, hints), `${MADE_UP_PREFIX} ${name}`.trim()].filter(
    (value): value is string => value !== undefined,
  );
  const fallback = candidates[0] ?? MADE_UP_PREFIX;
  if (["pattern", "minLength", "maxLength"].some((key) => schema[key] !== undefined)) {
    const fitting = candidates.find((value) => fits(schema, value));
    return fitting ?? constrained(schema, fallback) ?? fallback;
  }
  // Only a format, or nothing, to meet: a format's own value meets it, and is checked against nothing
  // (ajv is loaded for a format); a description's example is, when there is a format.
  if (told !== undefined && (schema.format === undefined || fits(schema, told))) return told;
  return format ?? candidates.find((value) => value !== told) ?? fallback;
}

function formatExample(format: unknown, hints: ProbeHints): string | undefined {
  if (format === "date-time") return hints.dateTime;
  if (format === "date") return hints.dateTime.slice(0, 10);
  return typeof format === "string" && Object.hasOwn(BY_FORMAT, format) ? BY_FORMAT[format] : undefined;
}

function nameExample(name: string, hints: ProbeHints): string | undefined {
  if (/date|time|when/i.test(name)) return hints.dateTime;
  if (/^id$|_id$|Id$/.test(name)) return hints.existingId;
  if (/limit|page|size|count/i.test(name)) return "2";
  if (/e-?mail/i.test(name)) return "probe@example.com";
  if (/^(url|uri|link|href)$|_(url|uri)$|(Url|Uri|URL)$/.test(name)) return "https://example.com/";
  return undefined;
}

/** A string of the pattern, or the given one cut or padded to the length the schema allows. */
function constrained(schema: Schema, given: string): string | undefined {
  const min = typeof schema.minLength === "number" ? schema.minLength : 0;
  const max = typeof schema.maxLength === "number" ? schema.maxLength : Number.POSITIVE_INFINITY;
  if (typeof schema.pattern === "string") {
    for (const stretch of [0, min]) {
      const made = patternExample(schema.pattern, stretch);
      if (made !== undefined && fits(schema, made)) return made;
    }
    return undefined;
  }
  const padded = given.length < min ? given.padEnd(min, "x") : given;
  return padded.length > max ? padded.slice(0, max) : padded;
}

/**
 * A number the schema accepts: an existing id for an id, else 1, moved into `minimum`…`maximum`
 * (exclusive bounds too, OpenAPI 3.0's boolean ones included) and onto `multipleOf`.
 */
export function numberExample(schema: Schema, name: string, hints: ProbeHints, integer: boolean): number {
  const preferred = /id$/i.test(name) ? Number(hints.existingId) || 1 : 1;
  const { low, high } = bounds(schema, integer);
  let value = preferred < low ? low : preferred > high ? high : preferred;
  if (integer) value = Math.ceil(value) > high ? Math.floor(high) : Math.ceil(value);
  const step = typeof schema.multipleOf === "number" && schema.multipleOf > 0 ? schema.multipleOf : undefined;
  if (step !== undefined) {
    value = Math.ceil(value / step) * step;
    if (value > high) value = Math.floor(high / step) * step;
  }
  return value;
}

function bounds(schema: Schema, integer: boolean): { low: number; high: number } {
  const num = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : undefined);
  const exclusiveLow = schema.exclusiveMinimum === true ? num(schema.minimum) : num(schema.exclusiveMinimum);
  const exclusiveHigh = schema.exclusiveMaximum === true ? num(schema.maximum) : num(schema.exclusiveMaximum);
  const inclusiveLow = schema.exclusiveMinimum === true ? undefined : num(schema.minimum);
  const inclusiveHigh = schema.exclusiveMaximum === true ? undefined : num(schema.maximum);
  let low = Math.max(inclusiveLow ?? Number.NEGATIVE_INFINITY, exclusiveLow ?? Number.NEGATIVE_INFINITY);
  let high = Math.min(inclusiveHigh ?? Number.POSITIVE_INFINITY, exclusiveHigh ?? Number.POSITIVE_INFINITY);
  // Strictly inside an exclusive bound: the next integer, or halfway to the other bound.
  const halfway = (bound: number, other: number, direction: 1 | -1) =>
    Number.isFinite(other) ? (bound + other) / 2 : bound + direction;
  if (exclusiveLow !== undefined && low === exclusiveLow)
    low = integer ? Math.floor(low) + 1 : halfway(low, high, 1);
  if (exclusiveHigh !== undefined && high === exclusiveHigh)
    high = integer ? Math.ceil(high) - 1 : halfway(high, low, -1);
  return { low, high };
}

/**
 * A value for a property with no type (n8n's `json` `$fromAI` keys, reference fact 7): the JSON its
 * description shows, else a small object. n8n wants a non-empty object or array there (its agent refuses
 * anything else), and any JSON value fits a schema without a type.
 */
export function jsonExample(schema: Schema): unknown {
  const described = typeof schema.description === "string" ? parseJson(schema.description.trim()) : undefined;
  if (typeof described === "object" && described !== null && Object.keys(described).length > 0)
    return described;
  return { tooldeck: "probe" };
}

function parseJson(text: string): unknown {
  if (!/^[[{]/.test(text)) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
