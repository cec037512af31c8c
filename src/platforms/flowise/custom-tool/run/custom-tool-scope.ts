/** Where a Custom Tool runs, which decides its `$flow` and what a failure does (reference §5, §9). */
export type CustomToolCaller = "chatflow" | "agentflow-agent" | "agentflow-tool";

/** The run a call belongs to, as Flowise hands it to the tool. */
export interface CustomToolFlow {
  caller: CustomToolCaller;
  chatflowId: string;
  sessionId: string;
  chatId: string;
  /** The user's question. */
  input: string;
  /** Agentflow V2's runtime state (a chatflow's is `{ input }`). */
  state?: Record<string, unknown>;
}

/**
 * `$flow` as Flowise 3.1.4 builds it (core.js:61): the ids and the question, and the state, which a
 * chatflow's (V1) AgentExecutor makes of its own inputs, `{ input: question }` (agents.js:332-337),
 * and an Agentflow V2 Agent or Tool node takes from the run.
 */
export function flowGlobal(flow: CustomToolFlow): Record<string, unknown> {
  const { chatflowId, sessionId, chatId, input } = flow;
  const state = flow.caller === "chatflow" ? { input } : (flow.state ?? {});
  return { chatflowId, sessionId, chatId, input, state };
}

/**
 * The globals of one call: `$input` (`''` unless a property is named `input`), then one `$<key>` for
 * each key the model sent and the parse kept (an omitted optional property gets none, so reading it
 * throws ReferenceError as in Flowise), then `$vars` and `$flow`, which shadow properties named `vars`
 * and `flow` (reference §4).
 */
export function customToolGlobals(
  args: Record<string, unknown>,
  vars: Record<string, string>,
  flow: CustomToolFlow,
): Record<string, unknown> {
  const globals: Record<string, unknown> = { $input: "" };
  for (const [key, value] of Object.entries(args)) globals[`$${key}`] = value;
  globals.$vars = { ...vars };
  globals.$flow = flowGlobal(flow);
  return globals;
}

/** A `runtime` variable Flowise reads from its server's environment, here from --var only. */
export function runtimeVariableWarning(name: string): string {
  return `$vars.${name} is a runtime variable: Flowise reads it from its server's environment, tooldeck never reads its own, so it is '' (set it with --var ${name}=…)`;
}

/**
 * `$vars`: the given values (`--var`), and each `runtime` variable Flowise would read from its server's
 * environment: its `--var` value when given (as Flowise's override config replaces it), else `''` and a
 * warning. tooldeck's own environment is never read.
 */
export function customToolVars(
  vars: Record<string, string>,
  runtimeVariables: readonly string[],
  warn: (message: string) => void,
): Record<string, string> {
  const resolved = { ...vars };
  for (const name of runtimeVariables) {
    if (Object.hasOwn(resolved, name)) continue;
    resolved[name] = "";
    warn(runtimeVariableWarning(name));
  }
  return resolved;
}
