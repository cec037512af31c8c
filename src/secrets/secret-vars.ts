import type { ToolConfig } from "../config/tool-config.js";
import { isCredentialName, isCredentialParam } from "./credential-names.js";
import { credentialVariables } from "./credential-variables.js";
import { MIN_SECRET_LENGTH } from "./secret-spellings.js";

/** What, besides a variable's own name, makes its value a secret. */
export interface SecretMarks {
  /** Variables the user marked secret: `--secret KEY=VALUE`, a vars file's `secrets:` section. */
  marked?: Iterable<string>;
  /** The run's tool configs: a variable one of them uses as a credential is a secret (`credentialVariables`). */
  configs?: readonly ToolConfig[];
}

/**
 * The variables whose values are never printed or recorded in clear (docs/security.md, "Secrets"): a
 * value of 4+ characters is secret when its variable's name looks like a credential's (`api_key`,
 * `gitlab_pat`), when the user marked it, when a config uses it as a credential (in an `Authorization`
 * header, a `?api_key=` parameter), or when it is an address that carries one
 * (`https://ci:token@host`, `…?key=…`). Any other variable (`region=Tech`, `base_url`) is printed as it
 * is: what the LLM sees.
 */
export function secretVars(
  vars: Record<string, string>,
  marks: SecretMarks = {},
): [name: string, value: string][] {
  const named = new Set([...(marks.marked ?? []), ...credentialVariables(marks.configs ?? [])]);
  return Object.entries(vars).filter(
    ([name, value]) =>
      value.length >= MIN_SECRET_LENGTH &&
      (isCredentialName(name) || named.has(name) || carriesCredential(value)),
  );
}

/** The values of `secretVars`: what a command must never print. */
export function secretValues(vars: Record<string, string>, marks: SecretMarks = {}): string[] {
  return secretVars(vars, marks).map(([, value]) => value);
}

/** An http(s) address with a user or password, or a query parameter named like a credential. */
function carriesCredential(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return Boolean(url.username || url.password) || [...url.searchParams.keys()].some(isCredentialParam);
  } catch {
    return false;
  }
}
