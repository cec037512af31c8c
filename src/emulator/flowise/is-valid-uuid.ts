const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** Flowise's id check (`isValidUUID`): a version-4 UUID in any letter case. */
export function isValidUuid(value: string): boolean {
  return UUID_V4.test(value);
}
