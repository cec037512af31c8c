/**
 * Replaces `{{$vars.name}}` (whitespace inside the braces allowed) and `{{current_date_time}}` in a
 * configured value; other `{{…}}` stay as they are. An unknown variable is an error naming it.
 */
export function resolveVars(
  text: string,
  vars: Record<string, string>,
  now: () => Date = () => new Date(),
): string {
  return text.replace(/\{\{\s*([^{}]*?)\s*\}\}/g, (whole, inner: string) => {
    if (inner === "current_date_time") return now().toISOString();
    const name = /^\$vars\.(.+)$/.exec(inner)?.[1];
    if (name === undefined) return whole;
    const value = vars[name];
    if (value === undefined) throw new Error(`unknown variable {{$vars.${name}}}`);
    return value;
  });
}
