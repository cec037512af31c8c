/** Names LLM providers accept for tools. */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

/** Flowise's normalisation of a request tool name: lower-case, spaces to `_`, then only `[a-z0-9_-]` kept. */
export function toFlowiseToolName(name: string): string {
  return name
    .toLowerCase()
    .replace(/ /g, "_")
    .replace(/[^a-z0-9_-]/g, "");
}

/** A name providers accept: invalid characters become `_`, at most 64 characters, never empty. */
export function sanitizeToolName(name: string): string {
  const cleaned = name.replace(/[^a-zA-Z0-9_-]/g, "_").slice(0, 64);
  return cleaned === "" ? "tool" : cleaned;
}

/** Makes names unique in order: the second `get` becomes `get_2` (kept within 64 characters). */
export function deduplicateNames(names: readonly string[]): string[] {
  const seen = new Set<string>();
  // The next suffix to try per name: every lower one is taken for good, so a name repeated thousands of
  // times is not tried from `_2` again each time (linear, not quadratic).
  const next = new Map<string, number>();
  return names.map((name) => {
    let candidate = name;
    if (seen.has(name)) {
      let n = next.get(name) ?? 2;
      while (seen.has(suffixed(name, n))) n++;
      candidate = suffixed(name, n);
      next.set(name, n + 1);
    }
    seen.add(candidate);
    return candidate;
  });
}

function suffixed(name: string, n: number): string {
  const suffix = `_${n}`;
  return `${name.slice(0, 64 - suffix.length)}${suffix}`;
}
