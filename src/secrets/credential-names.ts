/**
 * The one list of names that carry credentials, for headers, query parameters, form fields, JSON
 * fields and variables alike (docs/security.md, "Which names are credentials"). Matching errs on the
 * side of hiding. A name is a credential's when:
 * - it CONTAINS one of these, in any case: `key`, `token`, `secret`, `passw` (password, passwd),
 *   `credential`, `authorization`/`authorisation`, `cookie`, `signature`, `private`, `jwt`, `session`,
 *   `sessid` (`X-Goog-Api-Key`, `Private-Token`, `X-JWT-Assertion`, `X-Session-Id`, `JSESSIONID`);
 * - or one of its WORDS is one of these short ones, too common inside other words to match as a part
 *   (words are split at `-`, `_`, `.`, spaces and camelCase): `pat`, `auth`, `sig`, `pass`, `pwd`,
 *   `assertion`, `otp` (`gitlab_pat`, `auth`, `?pwd=`, `userPass`, `client_assertion`; not `patch`,
 *   `author`, `passenger`, `compass`).
 * Names that describe a credential rather than hold one are not: OAuth's `token_type` (RFC 6749 §5.1),
 * `token_type_hint` (RFC 7009), `subject_token_type` and the like (RFC 8693), and lifetimes
 * (`expires_in`, GitHub's `refresh_token_expires_in`).
 */
const CREDENTIAL_PART =
  /key|token|secret|passw|credential|authori[sz]ation|cookie|signature|private|jwt|session|sessid/i;
const CREDENTIAL_WORDS = new Set(["pat", "auth", "sig", "pass", "pwd", "assertion", "otp"]);
const DESCRIBES_CREDENTIAL = /(^|[-_])(token[-_]type([-_]hint)?|expires[-_]in)$/i;

/**
 * Names that are credentials only as a query parameter or a form field, where OAuth 2 puts them: the
 * authorization `code` (RFC 6749 §4.1.2, §4.1.3), PKCE's `code_verifier` (RFC 7636), the device flow's
 * `device_code` (RFC 8628). Elsewhere these names are too common to hide: a JSON `"code": "not_found"`
 * is an error's code, a `Code` header nothing secret.
 */
const OAUTH_PARAMS = new Set(["code", "code_verifier", "device_code"]);

/** Whether a header, JSON field or variable name looks like it holds a credential (see the list above). */
export function isCredentialName(name: string): boolean {
  if (DESCRIBES_CREDENTIAL.test(name)) return false;
  return CREDENTIAL_PART.test(name) || wordsOf(name).some((word) => CREDENTIAL_WORDS.has(word));
}

/**
 * Whether a query parameter or form field name holds a credential: a credential's name
 * (`isCredentialName`), or an OAuth parameter (`?code=`, `code_verifier=`).
 */
export function isCredentialParam(name: string): boolean {
  return isCredentialName(name) || OAUTH_PARAMS.has(name.toLowerCase());
}

/** `X-Session-Id` → x, session, id; `userPass` → user, pass; `JSESSIONID` → jsessionid. */
function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z\d])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[-_.\s]+/);
}
