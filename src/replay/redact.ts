import { mapStrings } from "../json/map-strings.js";
import { createSecretMasker } from "../secrets/secret-masker.js";
import { type SecretMarks, secretVars } from "../secrets/secret-vars.js";
import { maskMessages } from "../traffic/mask-exchange.js";
import type { CallRecord } from "./call-record.js";

/**
 * Removes secrets from a call before it is written (docs/security.md):
 * - by name, as traffic files are (`maskMessages`): headers, query parameters, form and JSON fields
 *   of the request and answer whose name looks like a credential (`Authorization`, `X-Goog-Api-Key`,
 *   `?key=`, `?code=`, `client_secret=`, `"password"`…; src/secrets/credential-names.ts) become
 *   `[redacted]`, whatever they hold (a Basic header hides its secret in base64), and so do the
 *   output's (the answer as the LLM saw it), tokens of a known shape, and copies of what was masked;
 * - by value: every occurrence of a secret variable's value (`secretVars`: a credential's name, marked
 *   secret, or used by `marks.configs` as a credential), in every spelling a record can carry it
 *   (src/secrets/secret-spellings.ts) and cut short, anywhere in the record becomes `{{$vars.<name>}}`.
 *   Other variables are recorded as they are, as the tools sent them.
 * Replay redacts its calls the same way before comparing.
 * @example
 * const safe = redactCall(call, { api_key: process.env.API_KEY ?? "" }, { marked: ["api_key"] });
 */
export function redactCall(
  call: CallRecord,
  vars: Record<string, string>,
  marks: SecretMarks = {},
): CallRecord {
  return createCallRedactor(vars, marks)(call);
}

/** `redactCall` with the variables' spellings worked out once, for the many calls of a run. */
export function createCallRedactor(
  vars: Record<string, string>,
  marks: SecretMarks = {},
): (call: CallRecord) => CallRecord {
  const scrub = createSecretMasker(
    secretVars(vars, marks).map(([name, value]) => ({ value, replacement: `{{$vars.${name}}}` })),
  );
  return (call) => {
    const record = mapStrings(call, scrub) as CallRecord;
    const masked = maskMessages({
      request: record.request,
      response: record.response,
      texts: [record.output],
    });
    if (masked.request) record.request = masked.request;
    if (masked.response) record.response = masked.response;
    record.output = masked.texts?.[0] ?? record.output;
    return record;
  };
}
