import { ToolDeckError } from "../errors.js";
import { assertBoundedExpansion, ExpansionError } from "../project-files/bounded-expansion.js";

/** `assertBoundedExpansion` as a one-line `load` error naming the document. */
export function boundExpansion(value: unknown, label: string, options: { accessors?: boolean } = {}): void {
  try {
    assertBoundedExpansion(value, options);
  } catch (cause) {
    if (cause instanceof ExpansionError)
      throw new ToolDeckError("load", `${label}: ${cause.message}`, { cause });
    throw cause;
  }
}
