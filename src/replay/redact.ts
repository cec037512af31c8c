import { mapStrings } from "../json/map-strings.js";
import { redactHeaders, redactQuery } from "../secrets/redact-credentials.js";
import { createSecretMasker } from "../secrets/secret-masker.js";
import { type SecretMarks, secretVars } from "../secrets/secret-vars.js";
import type { CallRecord } from "./call-record.js";

/**
 * Removes secrets from a call before it is written (docs/security.md):
 * - by name: headers and query parameters whose name looks like a credential (`Authorization`,
 *   `X-Goog-Api-Key`, `apikey`, `Private-Token`, `?key=`, `access_token`…; see `isCredentialName`)
 *   become `[redacted]`, whatever they hold (a Basic header hides its secret in base64);
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
    if (record.request) {
      record.request.headers = redactHeaders(record.request.headers);
      record.request.url = redactQuery(record.request.url);
    }
    if (record.response) record.response.headers = redactHeaders(record.response.headers);
    return record;
  };
}
