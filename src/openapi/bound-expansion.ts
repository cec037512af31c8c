import { ToolDeckError } from "../errors.js";
import { assertBoundedExpansion, ExpansionError } from "../project-files/bounded-expansion.js";
import { isLeftForLater, LEFT_IN_OPERATIONS } from "./resolve-refs.js";

/**
 * `assertBoundedExpansion` as a one-line `load` error naming the document. A lazily resolved document
 * is counted without reading the parts left for later (reading would resolve them).
 */
export function boundExpansion(value: unknown, label: string, options: { lazy?: boolean } = {}): void {
  try {
    assertBoundedExpansion(value, options.lazy ? { children: resolvedValues(value) } : {});
  } catch (cause) {
    if (cause instanceof ExpansionError)
      throw new ToolDeckError("load", `${label}: ${cause.message}`, { cause });
    throw cause;
  }
}

/** What is resolved below an object: lazy resolution leaves accessors on the document and its operations. */
function resolvedValues(root: unknown): (value: object) => unknown[] {
  return (value) => {
    if (Array.isArray(value)) return value;
    const values: unknown[] = [];
    for (const key of Object.keys(value)) {
      const mayBeLeft = value === root || LEFT_IN_OPERATIONS.has(key);
      if (!mayBeLeft || !isLeftForLater(value, key)) values.push((value as Record<string, unknown>)[key]);
    }
    return values;
  };
}
