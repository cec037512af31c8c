import { createHash } from "node:crypto";
import { z } from "zod";
import type { ChatflowType } from "./chatflow.js";
import type { ChatflowSeed } from "./chatflow-seed.js";

const NodeSchema = z.looseObject({
  id: z.string().min(1),
  type: z.string().optional(),
  position: z.object({ x: z.number(), y: z.number() }),
  data: z.looseObject({
    id: z.string().min(1),
    name: z.string().min(1),
    label: z.string(),
    inputs: z.record(z.string(), z.unknown()).optional(),
  }),
});

const EdgeSchema = z.looseObject({
  id: z.string().min(1),
  source: z.string().min(1),
  target: z.string().min(1),
});

/**
 * A flow as Flowise exports it from the canvas (`{nodes, edges}`), optionally with the marketplace
 * template's `description`, `usecases` and `framework`. Every edge must join two of its nodes.
 */
export const FlowExportSchema = z
  .looseObject({
    description: z.string().optional(),
    usecases: z.array(z.string()).optional(),
    framework: z.array(z.string()).optional(),
    nodes: z.array(NodeSchema),
    edges: z.array(EdgeSchema),
  })
  .superRefine((flow, context) => {
    const ids = new Set(flow.nodes.map((node) => node.id));
    flow.edges.forEach((edge, index) => {
      for (const end of ["source", "target"] as const) {
        if (!ids.has(edge[end])) {
          context.addIssue({
            code: "custom",
            path: ["edges", index, end],
            message: `no node '${edge[end]}'`,
          });
        }
      }
    });
  });

export type FlowExport = z.infer<typeof FlowExportSchema>;

/**
 * The chatflow Flowise makes when a flow export is loaded under `name`: flowData is the nodes and
 * edges only, the type AGENTFLOW when the nodes are Agentflow V2 nodes, else CHATFLOW.
 */
export function chatflowSeedFromExport(name: string, flow: FlowExport): ChatflowSeed {
  const type: ChatflowType = flow.nodes.some((node) => node.type === "agentFlow") ? "AGENTFLOW" : "CHATFLOW";
  return {
    id: stableUuid(`chatflow:${name}`),
    name,
    flowData: JSON.stringify({ nodes: flow.nodes, edges: flow.edges }),
    type,
    deployed: false,
    isPublic: false,
  };
}

/** A v4-format UUID derived from a text, so a seeded flow keeps its id across runs and resets. */
export function stableUuid(text: string): string {
  const bytes = createHash("sha256").update(text).digest().subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
