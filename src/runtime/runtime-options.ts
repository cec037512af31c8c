import type { FetchLike } from "../net/fetch-like.js";
import type { ResolveHost } from "../net/resolve-host.js";
import type { SpecReadOptions } from "../openapi/spec-read-options.js";
import type { Profile } from "../profile.js";
import type { OutboundPolicy } from "./outbound/outbound-policy.js";
import type { SandboxPool } from "./sandbox/sandbox-pool.js";
import type { VariableContext } from "./variables.js";

/** How tools are executed. Every option has a real default; tests inject their own. */
export interface ToolRuntimeOptions extends VariableContext, SpecReadOptions {
  /** Default `standard`. */
  profile?: Profile;
  /** Default the global fetch. */
  fetch?: FetchLike;
  /** Standard profile: abort a call after this long. Default 30 s. Flowise sets no timeout. */
  timeoutMs?: number;
  /** Flowise profile: refuse loopback and private hosts unless false (Flowise's HTTP_SECURITY_CHECK). Default true. */
  httpSecurityCheck?: boolean;
  /**
   * Flowise profile: the entries of Flowise's HTTP_DENY_LIST (`parseDenyList`), refused as well, whatever
   * `httpSecurityCheck` says. Default none.
   */
  httpDenyList?: readonly string[];
  /**
   * Send only where this policy allows (docs/security.md): the fetch is wrapped by
   * `createOutboundGuard`, which judges every request and redirect hop before anything is sent.
   */
  outbound?: OutboundPolicy;
  /**
   * Send every tool to this service (the CLI's `--base-url`): a toolkit's server becomes it, a request
   * tool's or HTTP node's own origin is replaced by it (`toBaseUrl`). Set `vars.base_url` to it as well.
   */
  baseUrl?: string;
  /** How the Flowise security check resolves host names. Default DNS. */
  resolveHost?: ResolveHost;
  /**
   * Run OpenAPI toolkits' Custom Code, each call in the sandbox (docs/security.md). Default false: a
   * toolkit's own code is set aside and Flowise's default code used (secure by default).
   */
  allowCode?: boolean;
  /** Told the name of each toolkit whose Custom Code is set aside, for a note to the user. */
  onCodeNotRun?: (toolkit: string) => void;
  /**
   * The sandbox workers that Custom Code and Custom Tools run on (`createSandboxPool({ workers })`):
   * at most that many calls run at once, the rest wait their turn. Default the process's pool, one
   * worker per core (docs/security.md).
   */
  sandbox?: SandboxPool;
}

export const DEFAULT_TIMEOUT_MS = 30_000;
