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
 * How a value may appear once a tool has used it: as written, percent-encoded in a URL (`%2F`, and
 * `+` for a space in a form) and escaped inside a JSON string (`\"`). Each 4+ characters, no repeats.
 */
export function secretForms(value: string): string[] {
  const encoded = encodeURIComponent(value);
  const forms = [value, encoded, encoded.replace(/%20/g, "+"), JSON.stringify(value).slice(1, -1)];
  return [...new Set(forms)].filter((form) => form.length >= MIN_SECRET_LENGTH);
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
