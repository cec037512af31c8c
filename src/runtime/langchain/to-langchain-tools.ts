import { ToolMessage } from "@langchain/core/messages";
import {
  DynamicStructuredTool,
  ToolInputParsingException,
  type ToolRunnableConfig,
} from "@langchain/core/tools";
import type { ExecutableTool, ToolInvokeOptions, ToolResult } from "../tool-result.js";
import { withoutPatterns } from "./without-patterns.js";

/** What LangChain checks the arguments of a tool that accepts any against: that they are an object. */
const ANY_OBJECT: Record<string, unknown> = { type: "object" };

/** What a LangChain ToolMessage carries as `artifact`: the HTTP exchange behind the output. */
export type ToolArtifact = Pick<ToolResult, "ok" | "request" | "response" | "error">;

/**
 * A LangChain tool around an executable tool. LangChain validates arguments against the JSON schema
 * before the tool runs, so what the tool itself would do first happens first: top-level keys the
 * tool does not declare are dropped (Flowise's zod parse strips them, and so does the standard
 * profile), then the profile's coercion ("5" → 5, as Flowise does) runs.
 *
 * LangChain validates the arguments on a view of this tool whose schema has no patterns: its validator
 * runs them with JavaScript's backtracking RegExp (`withoutPatterns`). The model is still given them,
 * and the tool's own argument check enforces them with RE2.
 */
class ExecutableLangChainTool extends DynamicStructuredTool {
  readonly #coerce: (args: unknown) => unknown;
  readonly #ownSchema: Record<string, unknown>;
  /** This tool with its schema's patterns left out, for the arguments LangChain validates. */
  readonly #validating: this;

  constructor(tool: ExecutableTool) {
    super({
      name: tool.name,
      description: tool.description,
      schema: tool.inputSchema,
      responseFormat: "content_and_artifact",
      returnDirect: tool.returnDirect ?? false,
      func: (args, _runManager, config?: ToolRunnableConfig) =>
        runTool(tool, args, config?.toolCall?.id, config?.signal),
    });
    const coerce = tool.coerceArgs ?? ((args: unknown) => args);
    const declared = tool.acceptsAnyArguments ? undefined : declaredKeys(tool);
    this.#coerce = declared ? (args) => coerce(withoutUndeclared(args, declared)) : coerce;
    this.#ownSchema = tool.inputSchema;
    const unpatterned = tool.acceptsAnyArguments ? ANY_OBJECT : withoutPatterns(tool.inputSchema);
    this.#validating =
      unpatterned === tool.inputSchema ? this : Object.create(this, { schema: { value: unpatterned } });
  }

  // Named parameters, not a rest array spread again: this runs on every call.
  override call(
    arg: Parameters<DynamicStructuredTool["call"]>[0],
    configArg?: Parameters<DynamicStructuredTool["call"]>[1],
    tags?: Parameters<DynamicStructuredTool["call"]>[2],
  ) {
    const input = this.#coerced(arg);
    const target = this.schema === this.#ownSchema ? this.#validating : this;
    return DynamicStructuredTool.prototype.call.call(target, input, configArg, tags).catch(withoutStack);
  }

  #coerced(arg: Parameters<DynamicStructuredTool["call"]>[0]): typeof arg {
    const isToolCall = typeof arg === "object" && arg !== null && "args" in arg && "name" in arg;
    if (!isToolCall) return this.#coerce(arg) as typeof arg;
    const args = this.#coerce(arg.args);
    return args === arg.args ? arg : { ...arg, args };
  }
}

/**
 * Arguments that fail the schema: LangChain's agent puts the parsing error's `stack` in what the model
 * reads (`ToolInvocationError`: "… with error: ${stack}"), and a stack holds this machine's install
 * paths and the frames of whoever called the tool, which differ between an agent and a replay. The
 * error keeps LangChain's message and its first stack line only, so the model reads the same text
 * wherever the call ran, and no path of this machine.
 */
function withoutStack(error: unknown): never {
  if (error instanceof ToolInputParsingException) error.stack = String(error);
  throw error;
}

/** The top-level argument keys of a tool whose schema refuses any other, else undefined. */
function declaredKeys(tool: ExecutableTool): Set<string> | undefined {
  const { properties, additionalProperties } = tool.inputSchema;
  if (typeof properties !== "object" || properties === null || additionalProperties !== false)
    return undefined;
  return new Set(Object.keys(properties));
}

/** The arguments without undeclared top-level keys; as they are when every key is declared. */
function withoutUndeclared(args: unknown, declared: Set<string>): unknown {
  if (typeof args !== "object" || args === null || Array.isArray(args)) return args;
  const keys = Object.keys(args);
  for (let i = 0; i < keys.length; i++) {
    if (!declared.has(keys[i] as string))
      return Object.fromEntries(Object.entries(args).filter(([key]) => declared.has(key)));
  }
  return args;
}

/**
 * Runs the tool. Success is `[output, artifact]`; inside an agent a failure is a ToolMessage with
 * status "error" whose content is exactly what the LLM sees (Flowise's error text, or the standard
 * profile's status and body), with the exchange as artifact. Outside a tool call a failure throws.
 * Not `async`: the tool's promise is continued with `then`, which under LangChain's AsyncLocalStorage
 * costs about 1.7 µs less per call than an async function awaiting it (bench/tool-calls-langchain).
 */
function runTool(
  tool: ExecutableTool,
  args: unknown,
  toolCallId: string | undefined,
  signal: AbortSignal | undefined,
): Promise<[ToolContent, ToolArtifact]> {
  const options: ToolInvokeOptions = {};
  if (signal) options.signal = signal;
  if (toolCallId) options.toolCallId = toolCallId;
  return tool.invoke(args, options).then((result) => toolOutput(tool, result, toolCallId));
}

/** A tool's content for LangChain: its text, a value the platform passes on untouched, or a failure's message. */
type ToolContent = string | number | boolean | undefined | ToolMessage;

/** What LangChain is given for a result: see `runTool`. */
function toolOutput(
  tool: ExecutableTool,
  result: ToolResult,
  toolCallId: string | undefined,
): [ToolContent, ToolArtifact] {
  const artifact = artifactOf(result);
  // A value the platform passes on untouched (Flowise's 0, false, no value): LangChain's ToolMessage writes it as JSON.
  if (result.ok) return ["value" in result ? result.value : result.output, artifact];
  if (!toolCallId) throw new Error(result.output);
  const message = new ToolMessage({
    content: result.output,
    status: "error",
    tool_call_id: toolCallId,
    name: tool.name,
    artifact,
  });
  return [message, artifact];
}

/**
 * The result without its output, written out: an object rest (`{ output, ...artifact }`) cost about a
 * microsecond per call inside LangChain (bench/tool-calls-langchain).
 */
function artifactOf(result: ToolResult): ToolArtifact {
  const artifact: ToolArtifact = { ok: result.ok };
  if (result.request !== undefined) artifact.request = result.request;
  if (result.response !== undefined) artifact.response = result.response;
  if (result.error !== undefined) artifact.error = result.error;
  return artifact;
}

/**
 * LangChain `StructuredTool`s for `createAgent`: each tool's JSON schema is what the model is given,
 * ToolMessages carry the HTTP exchange as `artifact`, and a failed call becomes a ToolMessage with
 * status "error".
 * @example
 * const agent = createAgent({ model, tools: toLangChainTools(createTools(configs, { fetch })) });
 */
export function toLangChainTools(tools: readonly ExecutableTool[]): DynamicStructuredTool[] {
  return tools.map((tool) => new ExecutableLangChainTool(tool));
}
