import { escapeXml } from "./escape-xml.js";

/**
 * Variables that hold the addresses a run targets, not secrets: reports and cassettes keep them
 * readable. Only while the value is a bare address: one carrying a user, password or query
 * (`https://ci:token@host`, `…?key=…`) is a secret like any other variable.
 */
const ADDRESS_VARS = new Set(["base_url", "flowise_url"]);

/** Shorter values are too common in ordinary text (`1`, `yes`) to be replaced without garbling it. */
const MIN_SECRET_LENGTH = 4;

/**
 * The variables whose values must never be printed or recorded in clear: every value of 4+
 * characters, whatever the name, but bare addresses (docs/security.md).
 */
export function secretVars(vars: Record<string, string>): [name: string, value: string][] {
  return Object.entries(vars).filter(
    ([name, value]) => value.length >= MIN_SECRET_LENGTH && !(ADDRESS_VARS.has(name) && isBareAddress(value)),
  );
}

/**
 * How a value may appear once a tool has used it and a report printed it: as written or as a URL
 * carries it (path, query, form, and a form query read back with decodeURI, as probe findings show
 * paths), each of those inside JSON text (once or twice escaped: a JSON body in a JSON report) and
 * inside XML (JUnit). Each 4+ characters, no repeats.
 */
export function secretForms(value: string): string[] {
  const form = new URLSearchParams({ v: value }).toString().slice(2);
  const inUrls = [value, encodeURI(value), encodeURIComponent(value), form, decodeUri(form)];
  const forms = [...new Set(inUrls)].flatMap((spelled) => {
    const json = JSON.stringify(spelled).slice(1, -1);
    return [spelled, json, JSON.stringify(json).slice(1, -1), escapeXml(spelled)];
  });
  return [...new Set(forms)].filter((spelled) => spelled.length >= MIN_SECRET_LENGTH);
}

function decodeUri(text: string): string {
  try {
    return decodeURI(text);
  } catch {
    return text;
  }
}

function isBareAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      (url.protocol === "http:" || url.protocol === "https:") &&
      !url.username &&
      !url.password &&
      !url.search &&
      !url.hash
    );
  } catch {
    return false;
  }
}
