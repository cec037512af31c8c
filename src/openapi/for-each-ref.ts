import { isLiteral, isNameMap } from "./resolve-refs.js";

type Json = Record<string, unknown>;

/**
 * How the resolver reads an object: by keywords, as a map keyed by names (`properties`, where
 * `default` is a property), as an `examples` map, or as an Example Object (whose `value` is data).
 */
type Mode = "keywords" | "names" | "examples" | "example";

interface Step {
  node: object;
  parent: Step | undefined;
  key: string;
  mode: Mode;
}

/**
 * Calls `visit` for every `"$ref": "…"` string in `root` that the resolver would follow, with where it
 * is; each object is seen once. Data is skipped exactly as `resolveRefs` skips it (examples, defaults,
 * `enum`, `const`, `externalDocs`, `x-…` extensions, an Example Object's `value`, a 3.1 `examples`
 * array), so a `$ref` there is never read or fetched. Iterative, so deep documents cannot overflow the
 * stack; a path is built only for a reference.
 */
export function forEachRef(root: unknown, visit: (ref: string, path: readonly (string | number)[]) => void) {
  const seen = new Set<object>();
  const stack: Step[] =
    typeof root === "object" && root !== null
      ? [{ node: root, parent: undefined, key: "", mode: "keywords" }]
      : [];
  for (let step = stack.pop(); step; step = stack.pop()) {
    const ref = (step.node as Json).$ref;
    if (typeof ref === "string") visit(ref, pathOf(step));
    for (const [key, value] of Object.entries(step.node)) {
      if (typeof value !== "object" || value === null || seen.has(value)) continue;
      const mode = childMode(step, key, value);
      if (mode === undefined) continue;
      seen.add(value);
      stack.push({ node: value, parent: step, key, mode });
    }
  }
}

/** How the resolver reads the value under `key`, or undefined when it is data it never reads. */
function childMode(step: Step, key: string, value: object): Mode | undefined {
  if (Array.isArray(step.node)) return "keywords";
  if (step.mode === "names") return "keywords";
  if (step.mode === "examples") return "example";
  if (isLiteral(key) || (step.mode === "example" && key === "value")) return undefined;
  if (key === "examples") return Array.isArray(value) ? undefined : "examples";
  return isNameMap(key) ? "names" : "keywords";
}

function pathOf(step: Step): string[] {
  const path: string[] = [];
  for (let at: Step | undefined = step; at?.parent; at = at.parent) path.unshift(at.key);
  return path;
}
