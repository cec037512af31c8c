import { FlowiseApiError } from "../../flowise-api-error.js";
import type { EmbeddingProvider } from "../embeddings/embedding-provider.js";
import type { DocumentStoreState } from "./document-store-state.js";

/** What every document-store service function works with. */
export interface DocumentStoreContext {
  state: DocumentStoreState;
  workspaceId: string;
  now: () => Date;
  randomId: () => string;
  embeddings: EmbeddingProvider;
  /** The name of an existing chatflow, for `whereUsed`; undefined when there is no such flow. */
  chatflowName: (id: string) => string | undefined;
}

/**
 * Runs a service function as Flowise's `documentStoreServices.<name>` does: any error it throws
 * becomes a 500 whose message is `Error: documentStoreServices.<name> - <inner message>`.
 */
export async function asService<T>(name: string, run: () => T | Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new FlowiseApiError(500, `Error: documentStoreServices.${name} - ${messageOf(error)}`);
  }
}

/** The synchronous form of `asService`. */
export function asServiceSync<T>(name: string, run: () => T): T {
  try {
    return run();
  } catch (error) {
    throw new FlowiseApiError(500, `Error: documentStoreServices.${name} - ${messageOf(error)}`);
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
