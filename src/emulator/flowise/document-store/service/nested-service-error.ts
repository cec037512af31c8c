/**
 * An error raised inside Flowise's nested document-store service functions, each of which wraps what
 * it catches as `Error: documentStoreServices.<function> - <message>`. `reason` is the innermost
 * message; `message` carries every wrapper, outermost first (the route's own wrapper is added by
 * `asService`).
 * @example
 * new NestedServiceError(["upsertDocStore", "saveProcessingLoader"], "Document store x not found").message;
 * // "Error: documentStoreServices.upsertDocStore - Error: documentStoreServices.saveProcessingLoader - Document store x not found"
 */
export class NestedServiceError extends Error {
  override readonly name: string = "NestedServiceError";
  readonly reason: string;

  constructor(functions: readonly string[], reason: string, options?: ErrorOptions) {
    super(`${functions.map((name) => `Error: documentStoreServices.${name} - `).join("")}${reason}`, options);
    this.reason = reason;
  }
}

/**
 * A loader that failed while it was loaded or split. Flowise has already saved it as SYNCING (with no
 * chunks) by then and leaves it so: the upsert keeps that write and nothing after it.
 */
export class LoaderProcessingError extends NestedServiceError {
  override readonly name = "LoaderProcessingError";

  constructor(reason: string, options?: ErrorOptions) {
    // Flowise 3.1.4's call chain from an upsert down to the loader and splitter nodes: `_saveChunksToStorage`
    // calls `splitIntoChunks` itself; `previewChunks` is the preview route's, not on this path.
    super(["upsertDocStore", "_saveChunksToStorage", "splitIntoChunks"], reason, options);
  }
}

/** The innermost message of an error, without Flowise's service wrappers. */
export function reasonOf(error: unknown): string {
  if (error instanceof NestedServiceError) return error.reason;
  return error instanceof Error ? error.message : String(error);
}
