import { z } from "zod";

/**
 * The Dify Agent node a tool is given to (reference/dify-tools.md, facts 17–18, 82): its node id and
 * title, its strategy, and the rounds its loop runs. Absent on a config that is a workflow node of its
 * own (an HTTP Request node, a Tool node).
 */
export const DifyAgentSchema = z
  .object({
    /** The Agent node's id in the graph. */
    node: z.string(),
    /** Its title (`Agent`). */
    title: z.string(),
    /** `agent_strategy_provider_name`: `langgenius/agent/agent`, or a third party's. */
    strategyProvider: z.string().default("langgenius/agent/agent"),
    /** `agent_strategy_name`: `function_calling` or `ReAct`. */
    strategy: z.string().default("function_calling"),
    /** `agent_parameters.maximum_iterations`; the strategy's default is 3 (fact 82). */
    maximumIterations: z.number().int().min(1).default(3),
  })
  .strict();
/** The Agent node a Dify tool is given to. */
export type DifyAgent = z.infer<typeof DifyAgentSchema>;
