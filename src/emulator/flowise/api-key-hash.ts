import { randomBytes, scrypt, scryptSync, timingSafeEqual } from "node:crypto";

const KEY_LENGTH = 64;

/** A new API key as Flowise makes them: 32 random bytes, base64url. */
export function generateApiKey(): string {
  return randomBytes(32).toString("base64url");
}

/** Flowise's stored form of a key: scrypt(key, salt) in hex, a dot, the 8-byte hex salt. */
export function hashApiKey(key: string, salt = randomBytes(8).toString("hex")): string {
  return `${scryptSync(key, salt, KEY_LENGTH).toString("hex")}.${salt}`;
}

/** Whether `supplied` hashes to `stored` (`<hex>.<salt>`), compared in constant time. */
export async function matchesApiKeyHash(stored: string, supplied: string): Promise<boolean> {
  const [hex = "", salt = ""] = stored.split(".");
  const expected = Buffer.from(hex, "hex");
  if (expected.length !== KEY_LENGTH) return false;
  const actual = await scryptAsync(supplied, salt);
  return timingSafeEqual(expected, actual);
}

function scryptAsync(key: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(key, salt, KEY_LENGTH, (error, derived) => (error ? reject(error) : resolve(derived)));
  });
}
