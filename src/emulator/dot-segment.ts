/**
 * Whether a request target's path holds a dot segment: `.` or `..`, percent-encoded too (`%2e`), between
 * `/` or `\` (which URL parsing reads as `/`). `new Request()` and @hono/node-server resolve them
 * (`/gists/.` becomes `/gists/`), so an emulator would answer another path than the one asked: a list
 * for what a client meant as an item. Only the raw target shows them.
 */
export function hasDotSegment(target: string): boolean {
  const path = target.split(/[?#]/, 1)[0] ?? "";
  return path.split(/[/\\]/).some((segment) => {
    const decoded = segment.toLowerCase().replaceAll("%2e", ".");
    return decoded === "." || decoded === "..";
  });
}
