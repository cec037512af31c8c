import type { SchemaObject } from "../openapi/openapi-document.js";
import { escapeRegExp } from "../text/escape-reg-exp.js";

/**
 * A format or pattern a service requires of a value, as a reader (the LLM) must be told it. One
 * definition serves the rule (`isToldFormat`) and its fix (`toldFormat`): the words the fix writes are
 * words the rule accepts, so a fixed description is never reported again.
 */
export interface FormatRule {
  /** `an ISO 8601 date`: how the requirement is said. */
  label: string;
  /** Words that already tell it (`iso`, `yyyy`, an example value). */
  hint: RegExp;
  /** A value of the format, for the description when the spec gives no example. */
  example?: string;
  /** A value an uninformed model plausibly writes, and the service rejects. */
  guess?: string;
}

/** The formats a model needs in words, with an example it can copy. */
const KNOWN_FORMATS: Record<string, Omit<FormatRule, "guess">> = {
  date: {
    label: "an ISO 8601 date",
    hint: /iso|8601|yyyy|\d{4}-\d{2}-\d{2}/i,
    example: "2024-07-15",
  },
  time: { label: "an ISO 8601 time", hint: /iso|8601|hh:mm|\d{2}:\d{2}/i, example: "18:00:00" },
  email: { label: "an email address", hint: /e-?mail/i, example: "name@example.com" },
  uuid: {
    label: "a UUID",
    hint: /uuid|guid/i,
    example: "123e4567-e89b-12d3-a456-426614174000",
  },
  uri: { label: "a URI", hint: /ur[il]|link|http/i, example: "https://example.com/" },
  url: { label: "a URL", hint: /ur[il]|link|http/i, example: "https://example.com/" },
  byte: { label: "base64-encoded text", hint: /base-?64/i, example: "aGVsbG8=" },
};

/**
 * Formats every value of their type satisfies, so there is nothing to tell: OpenAPI's `int32`/`int64`
 * (any integer a model writes), `float`/`double` (any number), and the annotations `password` (a UI hint
 * to mask input), `binary` (any octets), `commonmark` and `html` (any text is valid CommonMark or HTML
 * text) of the OpenAPI Format Registry. The bounded `int8`/`int16`/`uint8`, `byte` (base64) and the
 * JSON Schema formats (`date-time`, `email`, …) do reject values, and stay requirements.
 */
const UNCONSTRAINING_FORMATS: ReadonlySet<string> = new Set([
  "int32",
  "int64",
  "float",
  "double",
  "password",
  "binary",
  "commonmark",
  "html",
]);

const DATE_TIME: FormatRule = {
  label: "an ISO 8601 date-time",
  hint: /iso|8601|yyyy|date-?time|hh:mm|\d{4}-\d{2}-\d{2}t/i,
  example: "2024-07-15T18:00:00Z",
  guess: "2024-07-15",
};

/** A pattern that spells a date-time (`^\d{4}-\d{2}-\d{2}T…`): a service's exact rule for one. */
const DATE_TIME_PATTERN = /^\^?\\d\{4\}-\\d\{2\}-\\d\{2\}T/;

/** What a schema requires in words, or undefined when it requires no format or pattern. */
export function formatRule(schema: SchemaObject): FormatRule | undefined {
  const format =
    typeof schema.format === "string" && !UNCONSTRAINING_FORMATS.has(schema.format)
      ? schema.format
      : undefined;
  const pattern = typeof schema.pattern === "string" ? schema.pattern : undefined;
  if (format === "date-time" || (pattern !== undefined && DATE_TIME_PATTERN.test(pattern))) return DATE_TIME;
  if (format !== undefined) {
    const known = Object.hasOwn(KNOWN_FORMATS, format) ? KNOWN_FORMATS[format] : undefined;
    return known ?? { label: `in ${format} format`, hint: new RegExp(escapeRegExp(format), "i") };
  }
  if (pattern !== undefined)
    return { label: `matching the pattern ${pattern}`, hint: /format|pattern|e\.g\.|example/i };
  return undefined;
}

/** Whether a text (a field's name and descriptions) tells the reader what the rule requires. */
export function isToldFormat(rule: FormatRule, text: string): boolean {
  return rule.hint.test(text);
}

/**
 * The words a description gains to tell the format: the label, with the spec's example when it has one
 * (else the format's own): `an ISO 8601 date (e.g. 2024-07-15)`. `isToldFormat` accepts them.
 */
export function toldFormat(rule: FormatRule, schema: SchemaObject): string {
  const example = exampleOf(schema) ?? rule.example;
  return example === undefined ? rule.label : `${rule.label} (e.g. ${example})`;
}

/** A description that says the format: the old text (else the field's name), then the told words. */
export function describeFormat(description: string | undefined, name: string, told: string): string {
  const text = description?.trim() || name;
  return `${text.replace(/[\s,;.]+$/, "")}, ${told}`;
}

function exampleOf(schema: SchemaObject): string | undefined {
  const example = schema.example ?? (Array.isArray(schema.examples) ? schema.examples[0] : undefined);
  return typeof example === "string" || typeof example === "number" ? String(example) : undefined;
}

/**
 * The example a description gives in the words `toldFormat` writes (`… (e.g. 2024-07-15)`): what a model
 * told so copies, and so what a probe sends.
 */
export function exampleInDescription(description: string | undefined): string | undefined {
  return /\(e\.g\. ([^()]+)\)/.exec(description ?? "")?.[1]?.trim() || undefined;
}
