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
  return names.map((name) => {
    let candidate = name;
    for (let n = 2; seen.has(candidate); n++) {
      const suffix = `_${n}`;
      candidate = `${name.slice(0, 64 - suffix.length)}${suffix}`;
    }
    seen.add(candidate);
    return candidate;
  });
}
