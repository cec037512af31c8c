import { MIN_SECRET_LENGTH } from "./secret-spellings.js";

/**
 * Variables that hold the addresses a run targets, not secrets: reports and cassettes keep them
 * readable. Only while the value is a bare address: one carrying a user, password or query
 * (`https://ci:token@host`, `…?key=…`) is a secret like any other variable.
 */
const ADDRESS_VARS = new Set(["base_url", "flowise_url"]);

/**
 * The variables whose values must never be printed or recorded in clear: every value of 4+
 * characters, whatever the name, but bare addresses (docs/security.md).
 */
export function secretVars(vars: Record<string, string>): [name: string, value: string][] {
  return Object.entries(vars).filter(
    ([name, value]) => value.length >= MIN_SECRET_LENGTH && !(ADDRESS_VARS.has(name) && isBareAddress(value)),
  );
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
