/**
 * Tokens that say what they are by their shape, whatever field or line holds them (docs/security.md):
 * each format's documented prefix and alphabet, so that ordinary text does not match.
 */
const SHAPES: readonly RegExp[] = [
  // GitHub: personal, OAuth, user-to-server, server-to-server, refresh tokens; fine-grained PATs.
  /\bgh[pousr]_[A-Za-z0-9]{30,}/g,
  /\bgithub_pat_[A-Za-z0-9_]{30,}/g,
  /\bglpat-[A-Za-z0-9_-]{20,}/g,
  /\bxox[abposr]-[A-Za-z0-9-]{10,}/g,
  /\b[rs]k_(?:live|test)_[A-Za-z0-9]{16,}/g,
  /\b(?:AKIA|ASIA)[A-Z0-9]{16}\b/g,
  /\bAIza[A-Za-z0-9_-]{35}/g,
  /\bya29\.[A-Za-z0-9_-]{20,}/g,
  /\bsk-(?:proj-|ant-)?[A-Za-z0-9_-]{20,}/g,
  // A JWT (RFC 7519): base64url of a JSON header, a JSON payload, then the signature.
  /\beyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g,
];

/** All shapes in one pattern: one pass over a text. */
const TOKEN_SHAPE = new RegExp(SHAPES.map((shape) => shape.source).join("|"), "g");

/** The shortest text a shape matches (`xoxb-` and 10 more): shorter strings are not searched. */
const SHORTEST_TOKEN = 15;

/**
 * A bare token as a whole text answer (an endpoint that answers `text/plain` with the token alone):
 * one word of 20 to 4,096 URL- or base64-safe characters, letters and digits both, not a `/path`.
 */
const BARE_TOKEN = /^(?!\/)(?=.*[A-Za-z])(?=.*\d)[A-Za-z0-9._~+/=-]{20,4096}$/;

/** The text with every token of a known shape (`ghp_…`, `xoxb-…`, `AKIA…`, a JWT…) replaced. */
export function maskTokenShapes(text: string, replacement: string): string {
  return text.length < SHORTEST_TOKEN ? text : text.replace(TOKEN_SHAPE, replacement);
}

/** Whether a whole text (trimmed) is a bare token: see `BARE_TOKEN`. */
export function isBareToken(text: string): boolean {
  return BARE_TOKEN.test(text.trim());
}
