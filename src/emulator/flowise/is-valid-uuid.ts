const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Flowise 3.1.4's chatflow id check, as run: any UUID (8-4-4-4-12 hex digits, any version, any letter
 * case) passes, so an unknown v1 UUID is a 404; only a non-UUID is refused.
 */
export function isValidUuid(value: string): boolean {
  return UUID.test(value);
}
