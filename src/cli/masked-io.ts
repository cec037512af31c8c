import { escapeXml } from "../escape-xml.js";
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
 * The io with `hideSecrets`: every value it is given is printed as `***` from then on, on stdout and
 * stderr (reports in any format, `--verbose` exchanges, error lines), so a `--var` token never reaches
 * a CI log. `runCli` wraps every command's io this way; commands that take variables hand them over.
 */
export function withSecretsMasked(io: CliIo): CliIo & Required<Pick<CliIo, "hideSecrets">> {
  let longestFirst: string[] = [];
  const mask = (text: string) =>
    longestFirst.reduce(
      (masked, secret) => (masked.includes(secret) ? masked.split(secret).join(MASK) : masked),
      text,
    );
  return {
    ...io,
    stdout: (text) => io.stdout(mask(text)),
    stderr: (text) => io.stderr(mask(text)),
    hideSecrets(values) {
      const all = new Set([...longestFirst, ...values.flatMap(spellings)]);
      longestFirst = [...all].filter((secret) => secret.length > 0).sort((a, b) => b.length - a.length);
    },
  };
}

/**
 * A value as reports may spell it: as is or as a URL carries it (path, query, form, and a form query
 * read back with decodeURI, as probe findings show paths), each of those as is, inside JSON text (once
 * or twice escaped: a JSON body in a JSON report) and inside XML (JUnit).
 */
function spellings(value: string): string[] {
  const form = new URLSearchParams({ v: value }).toString().slice(2);
  const inUrls = [value, encodeURI(value), encodeURIComponent(value), form, decodeUri(form)];
  return [...new Set(inUrls)].flatMap((spelled) => {
    const json = JSON.stringify(spelled).slice(1, -1);
    return [spelled, json, JSON.stringify(json).slice(1, -1), escapeXml(spelled)];
  });
}

function decodeUri(text: string): string {
  try {
    return decodeURI(text);
  } catch {
    return text;
  }
}
