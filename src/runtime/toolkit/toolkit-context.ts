import type { OpenApiToolkitConfig } from "../../config/openapi-toolkit-config.js";
import type { FetchLike } from "../../net/fetch-like.js";
import type { OperationIndex } from "../../openapi/operation-index.js";
import type { SandboxPool } from "../sandbox/sandbox-pool.js";

/** What every tool of one toolkit shares. */
export interface ToolkitContext {
  config: OpenApiToolkitConfig;
  index: OperationIndex;
  fetch: FetchLike;
  vars: Record<string, string>;
  flow: Record<string, unknown>;
  /** Per HTTP call; undefined = no limit (Flowise has none). */
  timeoutMs: number | undefined;
  customCodeTimeoutMs: number;
  /** Run Custom Code that is not Flowise's default (in the sandbox); else use the default's path. */
  allowCode: boolean;
  /** The sandbox workers Custom Code runs on; undefined = the process's. */
  sandbox: SandboxPool | undefined;
  /** Flowise profile: why Flowise refuses a URL's host (loopback, private), or undefined. */
  refusal(url: string): Promise<string | undefined>;
}
