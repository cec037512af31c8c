import { parse } from "lossless-json";
import type { AgentLoopRules } from "../../../runtime/tool-result.js";
import type { DifyAgent } from "../config/dify-agent.js";

/**
 * The `function_calling` strategy's loop (reference/dify-tools.md facts 82–89) for the tools of one Dify
 * Agent node: each Dify tool given to an Agent sets `agentLoop` to this, so a tooldeck agent run holding
 * it follows Dify's rounds: `maximum_iterations` model calls; on the last of several, the calls are
 * answered with Dify's refusal and the run ends with that call's text; with one, the tools run and their
 * results end the run; an unknown tool is answered, not dropped; calls run in order.
 */
export function difyAgentLoop(agent: DifyAgent): AgentLoopRules {
  const limit = agent.maximumIterations;
  return {
    maxIterations: limit,
    // Never reached: the last round ends the run (fact 89); kept for the loop's bound.
    maxIterationsMessage: `Maximum iteration limit (${limit}) reached.`,
    dropsUnknownTools: false,
    invalidArgumentsMessage: invalidArgumentsMessage,
    unknownToolMessage: (name) => `there is not a tool named ${name}`,
    lastRoundRefusal: (name) =>
      `Maximum iteration limit (${limit}) reached. Cannot call tool '${name}'. Please consider increasing the iteration limit.`,
    oneRoundAnswersWithResults: true,
    runsCallsInOrder: true,
  };
}

/**
 * Fact 83: arguments that are not JSON stop the agent, naming where Python's `json.loads` stopped. The
 * reference quotes the message up to its first two sentences; the rest is not reproduced.
 */
function invalidArgumentsMessage(argumentsText: string): string {
  return `Failed to parse tool-call arguments as JSON (error at position ${errorPosition(argumentsText)}). This often happens when the model's output is truncated or malformed mid-generation.`;
}

/** Where a JSON parser stops on `text`: lossless-json reports the character Python's json does. */
function errorPosition(text: string): number {
  try {
    parse(text);
    return 0;
  } catch (error) {
    const position = /at position (\d+)/.exec((error as Error).message)?.[1];
    return position === undefined ? 0 : Number(position);
  }
}
