import { createSecretMasker, type SecretMasker } from "../secrets/secret-masker.js";
import type { CliIo } from "./cli-io.js";

/** What stands in for a secret in anything tooldeck prints. */
export const MASK = "***";

/**
 * The io with `hideSecrets`: every value it is given is printed as `***` from then on, in every form a
 * report may spell it and cut short (src/secrets/secret-masker.ts), on stdout and stderr (reports in
 * any format, `--verbose` exchanges, error lines), so a `--var` token never reaches a CI log. `runCli` wraps every command's io this way; commands that
 * take variables hand them over.
 */
export function withSecretsMasked(io: CliIo): CliIo & Required<Pick<CliIo, "hideSecrets" | "maskSecrets">> {
  const hidden = new Set<string>();
  let mask: SecretMasker = (text) => text;
  return {
    ...io,
    stdout: (text) => io.stdout(mask(text)),
    stderr: (text) => io.stderr(mask(text)),
    maskSecrets: (text) => mask(text),
    hideSecrets(values) {
      for (const value of values) hidden.add(value);
      mask = createSecretMasker([...hidden].map((value) => ({ value, replacement: MASK })));
    },
  };
}
