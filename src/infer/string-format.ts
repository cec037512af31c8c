const FORMATS: readonly [format: string, pattern: RegExp][] = [
  ["date-time", /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?([Zz]|[+-]\d{2}:?\d{2})$/],
  ["date", /^\d{4}-\d{2}-\d{2}$/],
  ["uuid", /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i],
  ["email", /^[^\s@]+@[^\s@]+\.[^\s@]+$/],
  ["uri", /^https?:\/\/[^\s]+$/i],
];

/**
 * The JSON Schema format a string shows (`date-time`, `date`, `uuid`, `email`, `uri`), or undefined.
 * Strings longer than 2,048 characters have none (no pattern is run over a recorded essay).
 */
export function stringFormat(value: string): string | undefined {
  if (value.length > 2048) return undefined;
  return FORMATS.find(([, pattern]) => pattern.test(value))?.[0];
}
