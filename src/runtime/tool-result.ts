/** The HTTP request a tool call sends, as built from the config and the LLM's arguments. */
export interface ToolRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** The body text as sent (JSON for request tools); absent when there is none. */
  body?: string;
}

/** The HTTP response a tool call got. */
export interface ToolResponse {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * The outcome of one tool call. `output` is exactly the text the LLM sees: the response text on
 * success, the error text on failure. `request` is absent when the call failed before sending
 * (invalid arguments, unknown variable, refused host); `response` is absent when nothing answered.
 */
export interface ToolResult {
  ok: boolean;
  output: string;
  request?: ToolRequest;
  response?: ToolResponse;
  /** Why the call failed, for people (the LLM sees `output`). */
  error?: string;
  /**
   * Why tooldeck cannot make this call as the tool's platform would (an expression it does not evaluate,
   * a credential it was not given): nothing was sent, or, with `response`, the request went but its
   * answer is not read as the platform reads it (n8n's Optimize Response of HTML). Probes report the
   * tool as not probed, for this reason.
   */
  notReproduced?: string;
  /**
   * The platform's agent ends its whole run on this failure, with `error` as the run's error, and the
   * model never sees `output` (n8n stopping the workflow): agent runs end there; a single call shows it.
   */
  endsRun?: boolean;
  /**
   * What the platform's agent is given when the tool gives no text and the platform passes it on as it
   * is: a Flowise Custom Tool's `0`, `false`, or (`"value" in result`, to an Agentflow V2 Agent) no value
   * at all; `output` is its text. LangChain tools made by `toLangChainTools` return it.
   */
  value?: number | boolean | undefined;
}

/** Per-call options: cancellation, and the LLM's tool-call id when an agent made the call (recorders key on it). */
export interface ToolInvokeOptions {
  signal?: AbortSignal;
  toolCallId?: string;
}

/** The rules of a platform's agent loop that tooldeck's agent runs reproduce (`ExecutableTool.agentLoop`). */
export interface AgentLoopRules {
  /** Model calls allowed for one user message; one more ends the run with `maxIterationsMessage`. */
  maxIterations: number;
  maxIterationsMessage: string;
  /** A call of a tool the agent does not have is dropped (no request, no tool message) and the model asked again. */
  dropsUnknownTools: boolean;
  /** A tool call whose arguments (their text, as the model wrote it) are not JSON ends the run with this message. */
  invalidArgumentsMessage(argumentsText: string): string;
  /**
   * The result a call of a tool the agent does not have gets, where the platform answers it instead of
   * dropping it (Dify: `there is not a tool named X`).
   */
  unknownToolMessage?(toolName: string): string;
  /**
   * Where the platform's last allowed model call (of more than one) does not run its tool calls (Dify):
   * each gets this result, and the run ends with that call's text as the answer, the model not asked again.
   */
  lastRoundRefusal?(toolName: string): string;
  /**
   * Where one allowed model call still runs its tools and ends the run with the call's text, a line break
   * and their results as the answer (Dify with `maximum_iterations: 1`).
   */
  oneRoundAnswersWithResults?: boolean;
  /** The calls of one model answer run one after another, in order (Dify), not at once (LangChain). */
  runsCallsInOrder?: boolean;
}

/** A tool ready to call: what the LLM is given (name, description, JSON schema) and how to run it. */
export interface ExecutableTool {
  name: string;
  description: string;
  /** JSON Schema of the arguments object, exactly as the LLM is given it. */
  inputSchema: Record<string, unknown>;
  /** The method and URL template it calls, as configured (for listings; the real URL is in each result). */
  endpoint?: { method: string; url: string };
  /**
   * Why a call of it proves nothing, so probes do not make one (a Custom Tool whose code is not run):
   * the report's "sent" column says `not probed (<this>)`.
   */
  notProbed?: string;
  /** When true the tool's output is the agent's final answer (OpenAPI toolkit `returnDirect`). */
  returnDirect?: boolean;
  /**
   * Converts wrongly typed arguments the way the profile does before validating them (Flowise coerces
   * "5" to 5 and retries). Adapters that validate on their own (LangChain) call it first.
   */
  coerceArgs?(args: unknown): unknown;
  /**
   * The tool takes the model's arguments as they come, checked against nothing (n8n's Agent 3.x: wrong
   * types used as given, unknown keys ignored): adapters hand them over without validating or trimming them.
   */
  acceptsAnyArguments?: boolean;
  /**
   * The arguments the platform's agent writes back into the conversation for a call of this tool, when
   * they are not the model's own (n8n's Agent 3.x adds the call's id as `id`, over the model's): agent
   * loops show these to the model in later turns.
   */
  replayedArgs?(args: Record<string, unknown>, toolCallId: string): Record<string, unknown>;
  /**
   * How the platform's agent runs its loop, where it differs from LangChain's (n8n's Agent 3.x): an agent
   * run holding such a tool follows it.
   */
  agentLoop?: AgentLoopRules;
  /**
   * Why the platform's agent fails as soon as it starts, before its first model call, when it holds
   * this tool (n8n's legacy HTTP tool set up in a way n8n refuses): an agent run holding it ends there.
   */
  setupFailure?: string;
  invoke(args: unknown, options?: ToolInvokeOptions): Promise<ToolResult>;
}
