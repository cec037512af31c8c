import { joinPath } from "../../../config/json-path.js";
import type { LoadSink } from "../../../config/load-sink.js";

/** The value Flowise reads for a field, and the input key it came from. */
export interface PickedInput {
  key: string;
  path: string;
  value: unknown;
}

/** Reads one Flowise node's inputs, reporting problems at the JSON path of the key they concern. */
export interface FlowiseInputReader {
  /** The first of `keys` with a truthy value, as Flowise's `inputs.url || inputs.requestsGetUrl` picks. */
  pick(keys: readonly string[]): PickedInput | undefined;
  /** The path of `key` inside these inputs, for reports about a key that is absent. */
  pathOf(key: string): string;
  fail(path: string, message: string): void;
  warn(path: string, message: string): void;
  readonly failed: boolean;
}

export function createFlowiseInputReader(
  inputs: Record<string, unknown>,
  path: string,
  sink: LoadSink,
): FlowiseInputReader {
  let failed = false;
  return {
    pick(keys) {
      const key = keys.find((candidate) => Boolean(inputs[candidate]));
      return key === undefined ? undefined : { key, path: joinPath(path, key), value: inputs[key] };
    },
    pathOf: (key) => joinPath(path, key),
    fail(at, message) {
      failed = true;
      sink.error(at, message);
    },
    warn: (at, message) => sink.warn(at, message),
    get failed() {
      return failed;
    },
  };
}
