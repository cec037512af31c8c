import { z } from "zod";
import type { CustomToolRow } from "./custom-tool-row.js";

/** One schema row as tooldeck keeps it: any `type` string, since Flowise keeps (and drops) the ones it will not use. */
export const CustomToolSchemaRowSchema = z.object({
  property: z.string(),
  type: z.string(),
  description: z.string().optional(),
  required: z.boolean().optional(),
});

/**
 * A Flowise Custom Tool as a tool config (`kind: custom-tool`): its tool row, whichever source it was read
 * from (tooldeck's format, a flow export, the Tools page's export, a Flowise instance), and how the flow
 * uses it.
 */
export const CustomToolConfigSchema = z.object({
  kind: z.literal("custom-tool"),
  id: z.string().optional(),
  name: z.string(),
  description: z.string(),
  schema: z.array(CustomToolSchemaRowSchema),
  /** The function body, from `code` or `codeFile` in tooldeck's format, `func` in Flowise's. */
  func: z.string(),
  /** A node's `customToolSchema` zod expression: the schema Flowise builds instead of the rows'. */
  schemaExpression: z.string().optional(),
  /**
   * What runs it in Flowise: a chatflow (V1, tooldeck's own format too), an Agentflow V2 Agent or Tool
   * node. It decides `$flow` and what a failed call does (the model sees it in a chatflow; the run fails
   * in Agentflow V2).
   */
  caller: z.enum(["chatflow", "agentflow-agent", "agentflow-tool"]).optional(),
  /** The node's `returnDirect`: the tool's output is the agent's answer. */
  returnDirect: z.boolean().optional(),
});

/** A Custom Tool config: a `CustomToolRow` with its `kind`. */
export type CustomToolConfig = z.infer<typeof CustomToolConfigSchema>;

// The config is a row: whatever reads a row (the analysis, the executor) reads a config.
const _configIsRow = (config: CustomToolConfig): CustomToolRow => config;
