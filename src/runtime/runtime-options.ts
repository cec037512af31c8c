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
  /**
   * Standard profile: abort a call after this long. Default 30 s. Flowise sets no timeout. Under any
   * profile, the limit of a Flowise Custom Tool's and a toolkit's Custom Code call (default 10 s).
   */
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
  /** Flowise Custom Tools: the ids `$flow` carries. Default random ones, fixed for each tool's life. */
  flowIds?: { chatflowId?: string; sessionId?: string; chatId?: string };
  /**
   * Flowise Custom Tools: the names of Flowise `runtime` variables (`LoadResult.runtimeVariables`), which
   * Flowise reads from its server's environment: `$vars.<name>` is its `vars` value when given, else `''`
   * with a warning (`onWarning`). tooldeck's own environment is never read.
   */
  runtimeVariables?: readonly string[];
  /** Told each warning a tool has when it is made (a runtime variable with no value). */
  onWarning?: (message: string) => void;
}

export const DEFAULT_TIMEOUT_MS = 30_000;
