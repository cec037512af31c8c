/**
 * Names of headers, query parameters and variables that carry credentials (`Authorization`,
 * `X-Goog-Api-Key`, `apikey`, `Private-Token`, `?key=`, `gitlab_pat`, `password`…): their values are
 * never printed, recorded or compared in clear. Matching errs on the side of hiding.
 */
const CREDENTIAL_NAME =
  /key|token|secret|passw|credential|authori[sz]ation|cookie|signature|private|(^|[-_])(pat|auth|sig)$|^auth[-_]/i;

/** Whether a header, query parameter or variable name looks like it holds a credential. */
export function isCredentialName(name: string): boolean {
  return CREDENTIAL_NAME.test(name);
}
