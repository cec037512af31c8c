import type { AgentLoopRules } from "../../../runtime/tool-result.js";
import type { DifyAgent } from "../config/dify-agent.js";

/**
 * The `function_calling` strategy's loop (reference/dify-tools.md facts 82–89) for the tools of one Dify
 * Agent node: each Dify tool given to an Agent sets `agentLoop` to this, so a tooldeck agent run
 * holding it follows Dify's rounds.
 */
export function difyAgentLoop(agent: DifyAgent): AgentLoopRules {
  return {
    maxIterations: agent.maximumIterations,
    maxIterationsMessage: `Maximum iteration limit (${agent.maximumIterations}) reached.`,
    dropsUnknownTools: false,
    invalidArgumentsMessage: "Failed to parse tool-call arguments as JSON",
  };
}
