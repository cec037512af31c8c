import { createSecretMasker, type SecretMasker } from "../secrets/secret-masker.js";
import { maskUrlCredentials } from "../secrets/url-credentials.js";
import type { CliIo } from "./cli-io.js";

/** What stands in for a secret in anything tooldeck prints. */
export const MASK = "***";

/**
 * The io with `hideSecrets`: every value it is given is printed as `***` from then on, in every form a
 * report may spell it and cut short (src/secrets/secret-masker.ts), on stdout and stderr (reports in
 * any format, `--verbose` exchanges, error lines), so a `--var` token never reaches a CI log. The
 * user-info of every URL is printed as `***` too (`maskUrlCredentials`): an `--n8n URL` with a password
 * in an error line, a proxy's target. `runCli` wraps every command's io this way; commands that take
 * variables hand them over.
 */
export function withSecretsMasked(io: CliIo): CliIo & Required<Pick<CliIo, "hideSecrets" | "maskSecrets">> {
  const hidden = new Set<string>();
  let secrets: SecretMasker = (text) => text;
  // Secrets first: a secret address (`base_url=https://ci:pw@h`) is masked whole, not just its user-info.
  const mask = (text: string) => maskUrlCredentials(secrets(text), MASK);
  return {
    ...io,
    stdout: (text) => io.stdout(mask(text)),
    stderr: (text) => io.stderr(mask(text)),
    maskSecrets: mask,
    hideSecrets(values) {
      for (const value of values) hidden.add(value);
      secrets = createSecretMasker([...hidden].map((value) => ({ value, replacement: MASK })));
    },
  };
}
