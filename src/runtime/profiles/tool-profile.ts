import type { KeyValue } from "../../config/http-node-config.js";
import type { HttpMethod, ParamSpec, RequestToolConfig } from "../../config/request-tool-config.js";
import type { Profile } from "../../profile.js";
import type { ArgumentsContract, RequestToolArguments } from "../request/tool-arguments.js";
import type { ToolRuntimeOptions } from "../runtime-options.js";
import type { ExecutableTool, ToolRequest, ToolResult } from "../tool-result.js";
import type { ToolkitContext } from "../toolkit/toolkit-context.js";
import type { ResolveOptions } from "../variables.js";

/** A field of a request tool that may hold `{{…}}` variables. */
export type VariableField = "url" | "headers" | "body";

/**
 * Everything a profile decides about a tool, in one place (DESIGN.md, "Profiles"): the runtime and the
 * lint rules ask it instead of deciding again. `flowise` is what Flowise 3.1.4 does, quirks included
 * (reference/flowise-tools.md); `standard` is what the config means. A new Flowise fact lands in
 * `flowise.ts`.
 */
export interface ToolProfile {
  readonly name: Profile;
  /** Whether a request tool of this method sends a JSON body (Flowise: POST and PUT; standard adds PATCH). */
  sendsBody(method: HttpMethod): boolean;
  /** Whether a request tool of this method sends its Query Params Schema's params at all. */
  carriesParams(method: HttpMethod): boolean;
  /**
   * Whether an optional path param left out of a call takes its URL segment with it (`/events/{id}` →
   * `/events`); Flowise sends the placeholder as written.
   */
  dropsOmittedPlaceholders: boolean;
  /** Whether a declared param goes in the query string (Flowise drops one without `in`). */
  sendsInQuery(spec: ParamSpec): boolean;
  /** Why this profile cannot run a request tool (a ToolDeckError `unsupported` message), if it cannot. */
  refusal(config: RequestToolConfig): string | undefined;
  /** The name the LLM is given. */
  toolName(name: string): string;
  /** Whether two tools given the same name are told apart (`name`, `name_2`); Flowise sends both as they are. */
  deduplicatesNames: boolean;
  /** The arguments' JSON Schema, coercion and validation. */
  requestArguments(config: RequestToolConfig): ArgumentsContract;
  /** How `{{…}}` in one field resolves; undefined when the field is sent as written. */
  variableScope(config: RequestToolConfig, field: VariableField): ResolveOptions | undefined;
  /** The error for an empty URL. */
  missingUrl(method: HttpMethod): string;
  /** The URL sent, from the resolved URL and the arguments. */
  requestUrl(config: RequestToolConfig, url: string, args: RequestToolArguments): string;
  /** The body sent: the fixed Body and the LLM's merged. */
  requestBody(
    config: RequestToolConfig,
    fixed: Record<string, unknown>,
    llm: Record<string, unknown> | undefined,
  ): Record<string, unknown>;
  /** Whether the configured headers replace the `Content-Type: application/json` default. */
  replacesContentType(headers: Record<string, string>): boolean;
  /** Sends a built request and shapes what the LLM sees of the answer or the failure. */
  send(
    request: ToolRequest,
    config: RequestToolConfig,
    options: ToolRuntimeOptions,
    signal: AbortSignal | undefined,
  ): Promise<ToolResult>;
  /** The type the LLM is shown for a declared field type (Flowise turns integer into string). */
  typeSeenByLlm(declared: string, where: "param" | "body"): string;
  /** The limit for one HTTP call when the caller sets none; Flowise sets none. */
  defaultTimeoutMs: number | undefined;
  /**
   * Whether loopback and private hosts are refused, as Flowise 3.1 refuses them unless the server runs
   * with HTTP_SECURITY_CHECK=false (the runtime option `httpSecurityCheck: false`).
   */
  refusesPrivateHosts: boolean;
  /** Whether an OpenAPI 3.0 operation without `responses` is a load error (Flowise validates nothing). */
  requiresResponses: boolean;
  /** One tool per operation of an OpenAPI toolkit: which operations, how named, how they call. */
  toolkitTools(context: ToolkitContext): ExecutableTool[];
  /** How the HTTP node (Agentflow V2's "Send HTTP Request") builds its request. */
  httpNode: HttpNodeRules;
}

/** The profile's decisions for the HTTP node. */
export interface HttpNodeRules {
  /** An unknown `{{variable}}` stays literal (else it is an error and nothing is sent). */
  keepsUnknownVariables: boolean;
  /** A header whose value is empty (after variables) is not sent. */
  skipsEmptyHeaders: boolean;
  /** Reads a json body written as text. */
  parseJsonBody(text: string): unknown;
  /** Serialises an x-www-form-urlencoded body (the UI stores a key/value list). */
  encodeFormBody(body: string | KeyValue[] | object): string;
  /** The call's time limit given the one asked for (Flowise's node has none; the caller's signal still aborts). */
  timeoutMs(requested: number | undefined): number | undefined;
}
