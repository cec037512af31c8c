import type { SpecModel } from "../../openapi/infer-resources.js";
import type { IndexedOperation, OperationIndex } from "../../openapi/operation-index.js";
import type { CheckerFor } from "./read-request.js";
import type { ResourceStore } from "./resource-store.js";
import type { IdFor } from "./spec-seed.js";

/** What answering a request needs: the spec, what was inferred from it, its checks and its state. */
export interface SpecContext {
  index: OperationIndex;
  model: SpecModel;
  checkerFor: CheckerFor;
  store: ResourceStore;
  idFor: IdFor;
}

/** What one request reached: its operation, its path values and the request itself. */
export interface Reached {
  operation: IndexedOperation;
  /**
   * Path values by parameter name, as the store keys them (`keyOf`): read as their schema's type
   * first, so `/pets/01` and `/pets/1` are one pet when `petId` is an integer.
   */
  keys: Record<string, string>;
  request: Request;
  /** The request's URL, parsed once. */
  url: URL;
}
