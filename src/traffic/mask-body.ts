import { MAX_DEPTH, nestsDeeperThan } from "../json/json-depth.js";
import { isPlainObject } from "../json/json-value.js";
import { isCredentialName } from "../secrets/credential-names.js";
import { type OnSecret, REDACTED, redactFormPairs } from "../secrets/redact-credentials.js";
import { isBareToken, maskTokenShapes } from "../secrets/token-shapes.js";
import { readJsonBody } from "./json-body.js";

/** What stands for a JSON body that nests too deep to be searched for secrets. */
export const TOO_DEEP_BODY = `[JSON nested ${MAX_DEPTH} levels deep or more: not kept]`;

/** How to mask one body. */
export interface BodyMasking {
  /** The body's `Content-Type`: a form-encoded body is masked as a form whatever its text looks like. */
  contentType?: string | undefined;
  /** Hears each value masked for its name. */
  onSecret?: OnSecret;
  /** Hides copies of secrets found elsewhere in the exchange, in every string of the body. */
  maskKnown?: (text: string) => string;
}

/**
 * A recorded body with its secrets masked (docs/traffic.md, "What is masked"), by what the body is:
 * - JSON: the string value of every field with a credential's name (`isCredentialName`: `"password"`,
 *   `"pwd"`, `"jwt"`, `"session"`), at any depth, is `[redacted]`; JSON nested too deep to walk is not
 *   kept at all, it may hold a secret nobody can look for;
 * - form-encoded (`application/x-www-form-urlencoded`): the value of every field with a credential's
 *   or an OAuth parameter's name (`isCredentialParam`: `client_secret=`, `code=`, `access_token=`);
 * - any other text: each line that reads as form pairs (`access_token=…&scope=repo`, `TOKEN=…`) is
 *   masked as a form, and a text that is one bare token (`isBareToken`) is `[redacted]` whole.
 * In every string of any body, tokens of a known shape (`ghp_…`, a JWT: `maskTokenShapes`) and the
 * known copies (`maskKnown`) are `[redacted]` too. Text with nothing to mask is kept as written.
 */
export function maskBody(text: string, masking: BodyMasking = {}): string {
  if (text.trim() === "") return text;
  if (/^\s*[[{]/.test(text)) {
    const json = maskJsonText(text, masking);
    if (json !== undefined) return json;
  }
  if (/x-www-form-urlencoded/i.test(masking.contentType ?? ""))
    return maskString(redactFormPairs(text, masking.onSecret), masking);
  return maskText(text, masking);
}

/** JSON text masked (see `maskBody`), or undefined when the text is no JSON. */
function maskJsonText(text: string, masking: BodyMasking): string | undefined {
  const body = readJsonBody(text);
  if (!body.json) return nestsDeeperThan(text, MAX_DEPTH - 1) ? TOO_DEEP_BODY : undefined;
  let changed = false;
  const maskField = (value: string, name: string | undefined): string => {
    if (name !== undefined && value !== REDACTED && isCredentialName(name)) {
      masking.onSecret?.(value);
      changed = true;
      return REDACTED;
    }
    const masked = maskString(value, masking);
    if (masked !== value) changed = true;
    return masked;
  };
  const mask = (node: unknown, name?: string): unknown => {
    if (typeof node === "string") return maskField(node, name);
    if (Array.isArray(node)) return node.map((item) => mask(item));
    if (!isPlainObject(node)) return node;
    const out: Record<string, unknown> = {};
    // defineProperty: a "__proto__" key of the parsed text stays a key, not the object's prototype.
    for (const [key, field] of Object.entries(node))
      Object.defineProperty(out, key, {
        value: mask(field, key),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    return out;
  };
  const masked = mask(body.value);
  return changed ? JSON.stringify(masked) : text;
}

/** Text that is no JSON and no declared form: a bare token whole, form-pair lines, then every string rule. */
function maskText(text: string, masking: BodyMasking): string {
  if (isBareToken(text)) {
    masking.onSecret?.(text.trim());
    return REDACTED;
  }
  const lines = text
    .split(/(\r?\n)/)
    .map((line) => (isFormLine(line) ? redactFormPairs(line, masking.onSecret) : line))
    .join("");
  return maskString(lines, masking);
}

/** A line of `name=value` pairs joined by `&`, no spaces: how form-encoded answers and env files read. */
function isFormLine(line: string): boolean {
  return !/\s/.test(line) && /^[^=&]+=/.test(line);
}

function maskString(text: string, masking: BodyMasking): string {
  return maskTokenShapes(masking.maskKnown ? masking.maskKnown(text) : text, REDACTED);
}
