import { MAX_DEPTH, nestsDeeperThan } from "../json/json-depth.js";
import { isPlainObject } from "../json/json-value.js";
import { isCredentialName } from "../secrets/credential-names.js";
import { REDACTED, redactHeaders, redactQuery } from "../secrets/redact-credentials.js";
import type { Exchange } from "./exchange.js";
import { readJsonBody } from "./json-body.js";

/** What stands for a JSON body that nests too deep to be searched for secrets. */
export const TOO_DEEP_BODY = `[JSON nested ${MAX_DEPTH} levels deep or more: not kept]`;

/**
 * An exchange with its secrets masked before it is kept anywhere (docs/security.md, docs/traffic.md), as
 * cassettes mask theirs: headers with a credential's name (`Authorization`, `Cookie`, `Set-Cookie`,
 * `X-Api-Key`…) and query parameters with one (`?api_key=`) hold `[redacted]`. A captured exchange has
 * no variables to say which values are secret, so two more things are masked: the user-info of a URL
 * (`https://user:pass@host`) and, in JSON bodies, the string value of every field whose name is a
 * credential's (`"password"`, `"access_token"`), at any depth.
 */
export function maskExchange(exchange: Exchange): Exchange {
  const { request, response } = exchange;
  const masked: Exchange = {
    request: {
      method: request.method,
      url: redactQuery(withoutUserInfo(request.url)),
      headers: redactHeaders(request.headers),
      ...(request.body !== undefined ? { body: maskJsonText(request.body) } : {}),
    },
    response: {
      status: response.status,
      statusText: response.statusText,
      headers: redactHeaders(response.headers),
      body: maskJsonText(response.body),
    },
  };
  if (exchange.tool !== undefined) masked.tool = exchange.tool;
  return masked;
}

/** `https://user:pass@host/x` → `https://host/x`; anything that is no absolute URL is kept. */
function withoutUserInfo(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.username === "" && parsed.password === "") return url;
    parsed.username = "";
    parsed.password = "";
    return parsed.href;
  } catch {
    return url;
  }
}

/**
 * JSON text with credential-named string fields masked; other text (or JSON without such fields) as it
 * was. JSON nested too deep to walk is not kept: it may hold a secret nobody can look for.
 */
function maskJsonText(text: string): string {
  if (!/^\s*[[{]/.test(text)) return text;
  const body = readJsonBody(text);
  if (!body.json) return nestsDeeperThan(text, MAX_DEPTH - 1) ? TOO_DEEP_BODY : text;
  const value = body.value;
  let changed = false;
  const mask = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(mask);
    if (!isPlainObject(node)) return node;
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(node)) {
      const secret = typeof field === "string" && field !== REDACTED && isCredentialName(key);
      if (secret) changed = true;
      // defineProperty: a "__proto__" key of the parsed text stays a key, not the object's prototype.
      Object.defineProperty(out, key, {
        value: secret ? REDACTED : mask(field),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  };
  const masked = mask(value);
  return changed ? JSON.stringify(masked) : text;
}
