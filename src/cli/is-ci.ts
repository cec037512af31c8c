/** `CI` set as CI services set it (`true`, `1`, a name); empty, `0` and `false` mean not CI. */
export function isCi(env: Record<string, string | undefined>): boolean {
  const value = env.CI?.trim().toLowerCase();
  return value !== undefined && value !== "" && value !== "0" && value !== "false";
}
