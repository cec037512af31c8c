import { secretForms, secretVars } from "../secret-vars.js";
import type { CliIo } from "./cli-io.js";

/** What stands in for a secret in anything tooldeck prints. */
export const MASK = "***";

/** The variable values a command must never print, in every form a tool may have put them in. */
export function secretValues(vars: Record<string, string>): string[] {
  return secretVars(vars).flatMap(([, value]) => secretForms(value));
}

/**
 * The same io, with every secret value replaced by `***` in what it prints (reports in any format,
 * `--verbose` exchanges, error lines), so a `--var` token never reaches a CI log.
 */
export function withSecretsMasked(io: CliIo, secrets: readonly string[]): CliIo {
  const longestFirst = [...new Set(secrets)].sort((a, b) => b.length - a.length);
  if (longestFirst.length === 0) return io;
  const mask = (text: string) =>
    longestFirst.reduce((masked, secret) => masked.split(secret).join(MASK), text);
  return { ...io, stdout: (text) => io.stdout(mask(text)), stderr: (text) => io.stderr(mask(text)) };
}
