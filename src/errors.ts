/** What went wrong, as a machine-readable code. */
export type ToolDeckErrorCode =
  | "usage" // bad command-line arguments
  | "load" // a file, seed or spec that cannot be read or parsed
  | "port-in-use" // a server could not listen
  | "unsupported" // a config the chosen profile cannot express (a PATCH request tool under flowise)
  | "internal";

/**
 * The one error class tooldeck throws for broken setup (bad arguments, unreadable files, ports taken).
 * Findings about configs are data, never exceptions. The message is one line saying what and where.
 */
export class ToolDeckError extends Error {
  override readonly name = "ToolDeckError";
  readonly code: ToolDeckErrorCode;

  constructor(code: ToolDeckErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

/**
 * Whether a thrown value is tooldeck's error, whichever copy of the package threw it.
 * @example
 * try { await loadSpec("missing.yaml"); } catch (error) { if (isToolDeckError(error)) console.error(error.message); }
 */
export function isToolDeckError(value: unknown): value is ToolDeckError {
  return value instanceof ToolDeckError;
}
