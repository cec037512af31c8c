import type { Profile } from "../profile.js";
import type { ResolveHost } from "./host-policy.js";
import type { VariableContext } from "./variables.js";

/** A `fetch` as tools call it: the global one, an emulator's in-process one, or a recorder. */
export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** How tools are executed. Every option has a real default; tests inject their own. */
export interface ToolRuntimeOptions extends VariableContext {
  /** Default `standard`. */
  profile?: Profile;
  /** Default the global fetch. */
  fetch?: FetchLike;
  /** Standard profile: abort a call after this long. Default 30 s. Flowise sets no timeout. */
  timeoutMs?: number;
  /** Flowise profile: refuse loopback and private hosts unless false (Flowise's HTTP_SECURITY_CHECK). Default true. */
  httpSecurityCheck?: boolean;
  /** When set, every other host is refused before sending. */
  allowedHosts?: readonly string[];
  /** How the Flowise security check resolves host names. Default DNS. */
  resolveHost?: ResolveHost;
}

export const DEFAULT_TIMEOUT_MS = 30_000;
