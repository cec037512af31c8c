import {
  type FlowiseRequestNodeName,
  flowiseNodeOfKey,
  isFlowiseRequestNodeName,
} from "./flowise-request-nodes.js";

/** What a bare object of Flowise input keys configures. */
export type DetectedNode =
  | { kind: "request"; node: FlowiseRequestNodeName }
  | { kind: "other"; node: string }
  | { kind: "mixed"; nodes: FlowiseRequestNodeName[] }
  | { kind: "none" };

/**
 * Which Flowise node a bare object of input keys configures: its `agentSelectedTool` (present in configs
 * copied from an Agent node), else the node its specific keys (`requestsGetUrl`, `requestPostBody`…) belong to.
 */
export function detectFlowiseRequestNode(value: Record<string, unknown>): DetectedNode {
  const selected = value.agentSelectedTool;
  if (isFlowiseRequestNodeName(selected)) return { kind: "request", node: selected };
  if (typeof selected === "string" && selected !== "") return { kind: "other", node: selected };
  const nodes = [...new Set(Object.keys(value).flatMap((key) => flowiseNodeOfKey(key) ?? []))];
  const [first] = nodes;
  if (first === undefined) return { kind: "none" };
  return nodes.length === 1 ? { kind: "request", node: first } : { kind: "mixed", nodes };
}
