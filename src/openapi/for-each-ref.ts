import { isDataKey } from "./resolve-refs.js";

type Json = Record<string, unknown>;

/**
 * Calls `visit` for every `"$ref": "…"` string in `root` outside data (examples, defaults, `x-…`
 * extensions: see `isDataKey`), with where it is; each object is seen once.
 * Iterative, so deep documents cannot overflow the stack; a path is built only for a reference.
 */
export function forEachRef(root: unknown, visit: (ref: string, path: readonly (string | number)[]) => void) {
  type Step = { node: object; parent: Step | undefined; key: string };
  const seen = new Set<object>();
  const stack: Step[] =
    typeof root === "object" && root !== null ? [{ node: root, parent: undefined, key: "" }] : [];
  for (let step = stack.pop(); step; step = stack.pop()) {
    const ref = (step.node as Json).$ref;
    if (typeof ref === "string") visit(ref, pathOf(step));
    for (const [key, value] of Object.entries(step.node)) {
      if (typeof value !== "object" || value === null || seen.has(value)) continue;
      if (isDataKey(key, step.key) || isExampleValue(step, key)) continue;
      seen.add(value);
      stack.push({ node: value, parent: step, key });
    }
  }
  function pathOf(step: Step): string[] {
    const path: string[] = [];
    for (let at: Step | undefined = step; at?.parent; at = at.parent) path.unshift(at.key);
    return path;
  }
}

/** The `value` of an Example Object (an entry of an `examples` map) is literal data. */
function isExampleValue(step: { key: string; parent: { key: string } | undefined }, key: string): boolean {
  return key === "value" && step.parent?.key === "examples";
}
