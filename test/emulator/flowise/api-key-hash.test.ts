import { describe, expect, test } from "vitest";
import { generateApiKey, hashApiKey, matchesApiKeyHash } from "../../../src/emulator/flowise/api-key-hash.js";
import { createApiKeyStore } from "../../../src/emulator/flowise/api-key-store.js";

describe("API key hashing", () => {
  const stored = hashApiKey("secret-key", "0123456789abcdef");

  test("stores scrypt hex, a dot and the salt, as Flowise does", () => {
    expect(stored).toMatch(/^[0-9a-f]{128}\.0123456789abcdef$/);
    expect(stored).not.toContain("secret-key");
    expect(hashApiKey("secret-key")).not.toBe(hashApiKey("secret-key"));
  });

  test.each([
    ["the same key", stored, "secret-key", true],
    ["another key", stored, "secret-kex", false],
    ["a hash without salt", stored.split(".")[0] ?? "", "secret-key", false],
    ["a truncated hash", stored.slice(2), "secret-key", false],
    ["garbage", "zz.zz", "secret-key", false],
  ])("%s matches: %s", async (_name, hash, key, expected) => {
    expect(await matchesApiKeyHash(hash, key)).toBe(expected);
  });

  test("generated keys are 32 random bytes in base64url", () => {
    const key = generateApiKey();
    expect(Buffer.from(key, "base64url")).toHaveLength(32);
    expect(generateApiKey()).not.toBe(key);
  });

  test("the store finds keys by value, repeatedly and concurrently", async () => {
    const store = createApiKeyStore([
      { id: "a", keyName: "A", key: "key-a" },
      { id: "b", keyName: "B", key: "key-b" },
    ]);
    const found = await Promise.all(
      ["key-b", "key-b", "key-a", "nope", "key-b"].map((key) => store.find(key)),
    );
    expect(found).toEqual([
      { id: "b", keyName: "B" },
      { id: "b", keyName: "B" },
      { id: "a", keyName: "A" },
      undefined,
      { id: "b", keyName: "B" },
    ]);
    expect(await store.find("nope")).toBeUndefined();
    expect(await store.find("key-a")).toEqual({ id: "a", keyName: "A" });
  });
});
