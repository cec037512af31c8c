import {
  type OpenApiToolkitConfig,
  type OpenApiToolkitConfigInput,
  OpenApiToolkitConfigSchema,
} from "../../config/openapi-toolkit-config.js";
import { ToolDeckError } from "../../errors.js";
import { formatZodIssue } from "../../format-zod-issue.js";
import { type LoadSpecOptions, loadSpec, type OpenApiSpec } from "../../openapi/load-spec.js";
import {
  createOperationIndex,
  type IndexedOperation,
  type OperationIndex,
} from "../../openapi/operation-index.js";
import { serverUrlWithDefaults } from "../../openapi/server-url.js";
import type { FetchLike } from "../../openapi/spec-location.js";
import { DEFAULT_PROFILE, type Profile } from "../../profile.js";
import { flowiseRefusalOf, type ResolveHost } from "../host-policy.js";
import { toolProfileOf } from "../profiles/tool-profile-of.js";
import type { ExecutableTool } from "../tool-result.js";
import { isCustomCodeSetAside } from "./custom-code-policy.js";
import { createFlowiseTool } from "./flowise/flowise-toolkit-tool.js";
import { DEFAULT_CUSTOM_CODE_TIMEOUT_MS } from "./run-custom-code.js";
import { createArgumentValidator } from "./standard/argument-validator.js";
import { createStandardTool } from "./standard/standard-toolkit-tool.js";
import { uniqueToolNames } from "./standard/tool-names.js";
import type { ToolkitContext } from "./toolkit-context.js";

/** The standard profile's limit for one HTTP call; Flowise has none. */
export const DEFAULT_TOOLKIT_TIMEOUT_MS = 30_000;

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
  /** The spec, already loaded or indexed, instead of reading `config.spec`. */
  spec?: OpenApiSpec | OperationIndex;
  /**
   * Run Custom Code that is not Flowise's default, each call in a process of its own (no environment,
   * no files, a small heap, killed at `customCodeTimeoutMs`). Default false: the toolkit then behaves
   * as with Flowise's default code, and `onCodeNotRun` is told.
   */
  allowCode?: boolean;
  /** Called with the toolkit's name when its Custom Code is set aside (allowCode false). */
  onCodeNotRun?: (toolkit: string) => void;
}

/** Flowise makes tools for these methods only; so does the standard profile. */
const TOOL_METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE"]);

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
  const profile = options.profile ?? DEFAULT_PROFILE;
  const index = await indexFor(config, options, profile);
  const allowCode = options.allowCode ?? false;
  if (isCustomCodeSetAside(config, allowCode)) options.onCodeNotRun?.(config.name ?? config.spec);
  const context: ToolkitContext = {
    config,
    index,
    fetch: options.fetch ?? globalThis.fetch,
    vars: options.vars ?? {},
    flow: options.flow ?? {},
    timeoutMs: options.timeoutMs ?? (profile === "standard" ? DEFAULT_TOOLKIT_TIMEOUT_MS : undefined),
    customCodeTimeoutMs: options.customCodeTimeoutMs ?? DEFAULT_CUSTOM_CODE_TIMEOUT_MS,
    allowCode,
    refusal: (url) =>
      options.httpSecurityCheck === false
        ? Promise.resolve(undefined)
        : flowiseRefusalOf(new URL(url), options.resolveHost),
  };
  return profile === "flowise" ? flowiseTools(context) : standardTools(context);
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
  profile: Profile,
): Promise<OperationIndex> {
  // Flowise 3.1.4 does not validate the document: an operation without `responses` loads and runs.
  const indexOptions = { requireResponses: toolProfileOf(profile).requiresResponses };
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

/** Flowise: base URL = selectedServer or the document's first server, operations without operationId skipped. */
function flowiseTools(context: ToolkitContext): ExecutableTool[] {
  const { config, index } = context;
  const selected =
    config.selectedServer && config.selectedServer !== "error" ? config.selectedServer : undefined;
  const baseUrl = selected ?? index.spec.document.servers?.[0]?.url;
  if (!baseUrl)
    throw new ToolDeckError("load", `${index.spec.label}: OpenAPI spec does not contain a server URL`);
  const tools = index.operations
    .filter((op) => TOOL_METHODS.has(op.method) && op.operationId)
    .map((op) => createFlowiseTool(op, baseUrl, context));
  const wanted = new Set(config.selectedEndpoints);
  return wanted.size > 0 ? tools.filter((tool) => wanted.has(tool.name)) : tools;
}

function standardTools(context: ToolkitContext): ExecutableTool[] {
  const operations = context.index.operations.filter((op) => TOOL_METHODS.has(op.method));
  const names = uniqueToolNames(operations);
  const chosen = selectOperations(context, operations, names);
  const validate = createArgumentValidator();
  return chosen.map((i) => {
    const operation = operations[i] as IndexedOperation;
    const setup = { name: names[i] as string, serverUrl: serverUrlFor(operation, context), validate };
    return createStandardTool(operation, setup, context);
  });
}

/** Positions of the selected operations; a selector may be an operationId, a tool name or `METHOD /path`. */
function selectOperations(
  context: ToolkitContext,
  operations: IndexedOperation[],
  names: string[],
): number[] {
  const all = operations.map((_, i) => i);
  const selectors = context.config.selectedEndpoints;
  if (selectors.length === 0) return all;
  const picked = new Set<number>();
  for (const selector of selectors) {
    const hits = all.filter((i) => {
      const op = operations[i] as IndexedOperation;
      return op.operationId === selector || names[i] === selector || `${op.method} ${op.path}` === selector;
    });
    if (hits.length === 0) {
      throw new ToolDeckError(
        "load",
        `${context.config.name ?? "openapi-toolkit"}: selectedEndpoints: "${selector}" is not an operation of ${context.index.title}`,
      );
    }
    for (const i of hits) picked.add(i);
  }
  return all.filter((i) => picked.has(i));
}

/** selectedServer, else the operation's first server with variable defaults, made absolute against a spec URL. */
function serverUrlFor(operation: IndexedOperation, context: ToolkitContext): string {
  if (context.config.selectedServer) return context.config.selectedServer;
  const server = operation.servers[0];
  const url = server ? serverUrlWithDefaults(server) : "/";
  const location = context.index.spec.location;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url) || location.kind !== "url") return url;
  return new URL(url, location.url).href;
}
