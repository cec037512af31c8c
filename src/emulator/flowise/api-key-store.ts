import { createHmac, randomBytes } from "node:crypto";
import { v4 as uuidv4 } from "uuid";
import { ToolDeckError } from "../../errors.js";
import { generateApiKey, hashApiKey, matchesApiKeyHash } from "./api-key-hash.js";

/** An API key as given to the emulator; a bare string is a key with a generated id and name. */
export type ApiKeyInput = string | { key: string; id?: string; keyName?: string };

/** A key the emulator accepts, with the id chatflows bind to (`apikeyid`). */
export interface FlowiseApiKey {
  id: string;
  keyName: string;
  key: string;
}

interface StoredApiKey {
  id: string;
  keyName: string;
  /** `<scrypt hex>.<salt>`, as Flowise stores it. */
  apiSecret: string;
}

export interface ApiKeyStore {
  /** The key record a supplied key belongs to, or undefined. */
  find(supplied: string): Promise<{ id: string; keyName: string } | undefined>;
}

/** Successful lookups kept per store; a bound keeps a flood of distinct valid keys from growing it. */
const MAX_REMEMBERED = 1024;

/**
 * Keys stored only as scrypt hashes and checked in constant time, as Flowise does. One scrypt costs
 * ~50 ms of CPU, so a key that has matched once is remembered under an HMAC with a per-store random
 * secret (never the key itself); concurrent first checks of one key share a single scrypt.
 */
export function createApiKeyStore(keys: readonly FlowiseApiKey[]): ApiKeyStore {
  const stored: StoredApiKey[] = keys.map(({ id, keyName, key }) => ({
    id,
    keyName,
    apiSecret: hashApiKey(key),
  }));
  const secret = randomBytes(32);
  const remembered = new Map<string, Promise<StoredApiKey | undefined>>();

  async function verify(supplied: string): Promise<StoredApiKey | undefined> {
    for (const key of stored) if (await matchesApiKeyHash(key.apiSecret, supplied)) return key;
    return undefined;
  }

  return {
    async find(supplied) {
      const tag = createHmac("sha256", secret).update(supplied).digest("base64");
      let pending = remembered.get(tag);
      if (!pending) {
        if (remembered.size >= MAX_REMEMBERED) remembered.clear();
        pending = verify(supplied);
        remembered.set(tag, pending);
      }
      const found = await pending;
      if (!found) remembered.delete(tag);
      return found && { id: found.id, keyName: found.keyName };
    },
  };
}

/**
 * Normalises the `apiKeys` option; without keys, one key is generated (`randomBytes(32)` base64url).
 * A key without an id gets a v4 UUID.
 */
export function toApiKeys(inputs: readonly ApiKeyInput[] | undefined): FlowiseApiKey[] {
  const given = inputs ?? [generateApiKey()];
  return given.map((input, index) => {
    const entry = typeof input === "string" ? { key: input } : input;
    if (entry.key === "") throw new ToolDeckError("usage", `API key ${index + 1} is empty`);
    return {
      id: entry.id ?? uuidv4(),
      keyName: entry.keyName ?? (index === 0 ? "DefaultKey" : `Key${index + 1}`),
      key: entry.key,
    };
  });
}
