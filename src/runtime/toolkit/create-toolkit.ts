import {
  type OpenApiToolkitConfig,
  type OpenApiToolkitConfigInput,
  OpenApiToolkitConfigSchema,
} from "../../config/openapi-toolkit-config.js";
import { ToolDeckError } from "../../errors.js";
import { formatZodIssue } from "../../json/format-zod-issue.js";
import type { FetchLike } from "../../net/fetch-like.js";
import type { ResolveHost } from "../../net/resolve-host.js";
import { type LoadSpecOptions, loadSpec, type OpenApiSpec } from "../../openapi/load-spec.js";
import { createOperationIndex, type OperationIndex } from "../../openapi/operation-index.js";
import type { Profile } from "../../profile.js";
import { privateHostRefusal } from "../profiles/private-host-refusal.js";
import type { ToolProfile } from "../profiles/tool-profile.js";
import { toolProfileOf } from "../profiles/tool-profile-of.js";
import { DEFAULT_TIMEOUT_MS } from "../runtime-options.js";
import type { SandboxPool } from "../sandbox/sandbox-pool.js";
import type { ExecutableTool } from "../tool-result.js";
import { DEFAULT_CUSTOM_CODE_TIMEOUT_MS, isCustomCodeSetAside } from "./custom-code-policy.js";
import type { ToolkitContext } from "./toolkit-context.js";

/** The standard profile's limit for one HTTP call; Flowise has none. */
export const DEFAULT_TOOLKIT_TIMEOUT_MS = DEFAULT_TIMEOUT_MS;

/** How `createToolkit` builds and runs a toolkit's tools: the profile, fetch and variables, limits, where its spec is read from (or the spec itself), whether Custom Code runs. */
export interface ToolkitOptions {
  /** Default `standard`. */
  profile?: Profile;
  /** Sends every call (and downloads a spec URL); default the global fetch. */
  fetch?: FetchLike;
  /** `$vars` for Custom Code and `{{$vars.x}}` in headers and selectedServer (standard). */
  vars?: Record<string, string>;
  /** `$flow` for Custom Code (chatflowId, sessionId, state, …). */
  flow?: Record<string, unknown>;
  /** Per HTTP call; default 30 s under standard, none under flowise. */
  timeoutMs?: number;
  /** Where a relative `spec` path is read from: the config file's folder. Default the working directory. */
  specBaseDir?: string;
  /** Limit of Custom Code, awaited work included; default 10 s. */
  customCodeTimeoutMs?: number;
  /** Folders the spec's `$ref`s may read from (see `LoadSpecOptions.roots`). */
  roots?: readonly string[];
  /** Download a spec URL and URL `$ref`s (`--allow-remote-refs`); default false. */
  allowRemoteRefs?: boolean;
  /** How a download, and the flowise profile's host policy, tell private addresses apart; default DNS. */
  resolveHost?: ResolveHost;
  /**
   * Flowise profile: refuse loopback and private servers as Flowise 3.1.4 does (its default code then
   * returns ""); false is Flowise's HTTP_SECURITY_CHECK=false. Default true.
   */
  httpSecurityCheck?: boolean;
  /** Flowise profile: the entries of Flowise's HTTP_DENY_LIST, refused too. Default none. */
  httpDenyList?: readonly string[];
  /** The spec, already loaded or indexed, instead of reading `config.spec`. */
  spec?: OpenApiSpec | OperationIndex;
  /**
   * Run Custom Code that is not Flowise's default, each call in the sandbox (`runInSandbox`: nothing of
   * Node's, 64 MiB, stopped at `customCodeTimeoutMs`). Default false: the toolkit then behaves
   * as with Flowise's default code, and `onCodeNotRun` is told.
   */
  allowCode?: boolean;
  /** Called with the toolkit's name when its Custom Code is set aside (allowCode false). */
  onCodeNotRun?: (toolkit: string) => void;
  /** The sandbox workers Custom Code runs on (see `ToolRuntimeOptions.sandbox`); default the process's. */
  sandbox?: SandboxPool;
}

/**
 * One executable tool per operation of an OpenAPI toolkit's spec, under a profile: `flowise` gives
 * exactly what Flowise 3.1's OpenAPI toolkit gives (names, input schemas, URLs and outputs, quirks
 * included), `standard` gives every parameter, validated arguments and real error results.
 * @example
 * const tools = await createToolkit(
 *   { kind: "openapi-toolkit", spec: "event-api.openapi.yaml", selectedServer: "http://127.0.0.1:5566" },
 *   { specBaseDir: "tools", fetch: createEventService().fetch },
 * );
 * const result = await tools.find((t) => t.name === "getEventById")?.invoke({ PathParameters: { id: "1" } });
 */
export async function createToolkit(
  input: OpenApiToolkitConfigInput,
  options: ToolkitOptions = {},
): Promise<ExecutableTool[]> {
  const config = parseConfig(input);
  const tool = toolProfileOf(options.profile);
  const refuses = privateHostRefusal(tool, options);
  const index = await indexFor(config, options, tool);
  const allowCode = options.allowCode ?? false;
  if (isCustomCodeSetAside(config, allowCode)) options.onCodeNotRun?.(config.name ?? config.spec);
  const context: ToolkitContext = {
    config,
    index,
    fetch: options.fetch ?? globalThis.fetch,
    vars: options.vars ?? {},
    flow: options.flow ?? {},
    timeoutMs: options.timeoutMs ?? tool.defaultTimeoutMs,
    customCodeTimeoutMs: options.customCodeTimeoutMs ?? DEFAULT_CUSTOM_CODE_TIMEOUT_MS,
    allowCode,
    sandbox: options.sandbox,
    refusal: async (url) => refuses(new URL(url)),
  };
  return tool.toolkitTools(context);
}

function parseConfig(input: OpenApiToolkitConfigInput): OpenApiToolkitConfig {
  const parsed = OpenApiToolkitConfigSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const name =
    typeof input === "object" && input !== null && typeof input.name === "string" ? ` ${input.name}` : "";
  throw new ToolDeckError(
    "load",
    `openapi-toolkit${name}: ${issue ? formatZodIssue(issue) : "invalid config"}`,
  );
}

async function indexFor(
  config: OpenApiToolkitConfig,
  options: ToolkitOptions,
  tool: ToolProfile,
): Promise<OperationIndex> {
  // Flowise 3.1.4 does not validate the document: an operation without `responses` loads and runs.
  const indexOptions = { requireResponses: tool.requiresResponses };
  if (options.spec && "operations" in options.spec) return options.spec;
  if (options.spec) return createOperationIndex(options.spec, indexOptions);
  // Tools need the operations' inputs only: responses and unused components resolve if ever read.
  const loadOptions: LoadSpecOptions = { lazyRefs: true };
  if (options.fetch) loadOptions.fetch = options.fetch;
  if (options.specBaseDir) loadOptions.baseDir = options.specBaseDir;
  // Given roots mean the spec path came from a config file (the CLI, scenarios): it must lead inside them.
  if (options.roots) Object.assign(loadOptions, { roots: options.roots, confineSpec: true });
  if (options.allowRemoteRefs) loadOptions.allowRemoteRefs = true;
  if (options.resolveHost) loadOptions.resolveHost = options.resolveHost;
  return createOperationIndex(await loadSpec(config.spec, loadOptions), indexOptions);
}
