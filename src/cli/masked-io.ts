import type { CliIo } from "./cli-io.js";

/** What stands in for a secret in anything tooldeck prints. */
export const MASK = "***";

/** Variables that hold addresses, not secrets: printing them is what reports are for. */
const ADDRESS_VARS = new Set(["base_url", "flowise_url"]);

/** Shorter values are too common in ordinary text (`1`, `yes`) to be masked without garbling reports. */
const MIN_SECRET_LENGTH = 4;

/** The variable values a command must never print: every value of 4+ characters but addresses. */
export function secretValues(vars: Record<string, string>): string[] {
  return Object.entries(vars)
    .filter(([name, value]) => !ADDRESS_VARS.has(name) && value.length >= MIN_SECRET_LENGTH)
    .map(([, value]) => value);
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
