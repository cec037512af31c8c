import type { CallRecord } from "./call-record.js";

/** Headers whose values are credentials whatever they hold (a Basic header hides its secret in base64). */
const SECRET_HEADERS =
  /^(authorization|proxy-authorization|cookie|set-cookie|x-api-key|api-key|x-auth-token)$/i;
/** Variables whose values are secrets, by name. */
const SECRET_VARS = /secret|token|password|passwd|api[-_]?key|apikey|auth|credential|private/i;

export const REDACTED = "[redacted]";

/**
 * Removes secrets from a call before it is written: the values of credential headers become `[redacted]`,
 * and every occurrence of a secret variable's value (by name: token, secret, password, api key…) anywhere
 * in the record becomes `{{$vars.<name>}}`. Replay redacts its calls the same way before comparing.
 */
export function redactCall(call: CallRecord, vars: Record<string, string>): CallRecord {
  const secrets = Object.entries(vars)
    .filter(([name, value]) => SECRET_VARS.test(name) && value.length >= 4)
    .sort(([, a], [, b]) => b.length - a.length);
  const scrub = (text: string) =>
    secrets.reduce((result, [name, value]) => result.split(value).join(`{{$vars.${name}}}`), text);
  const record = deepMapStrings(call, scrub) as CallRecord;
  if (record.request) record.request.headers = redactHeaders(record.request.headers);
  if (record.response) record.response.headers = redactHeaders(record.response.headers);
  return record;
}

function redactHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([key, value]) => [key, SECRET_HEADERS.test(key) ? REDACTED : value]),
  );
}

function deepMapStrings(value: unknown, map: (text: string) => string): unknown {
  if (typeof value === "string") return map(value);
  if (Array.isArray(value)) return value.map((item) => deepMapStrings(item, map));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, deepMapStrings(item, map)]));
  }
  return value;
}
