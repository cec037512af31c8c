import { z } from "zod";
import { HTTP_TOOL_TYPES, TARGET_TYPES } from "../n8n-node-types.js";

/** A credential as a workflow export refers to it: its id and name, never its secret. */
export const N8nCredentialRefSchema = z.object({ id: z.string().optional(), name: z.string() }).strict();
export type N8nCredentialRef = z.infer<typeof N8nCredentialRefSchema>;

/** What the node serves: an agent, a sub-agent tool or an MCP Server Trigger, with its typeVersion. */
export const N8nTargetSchema = z
  .object({
    name: z.string().optional(),
    type: z.enum(TARGET_TYPES),
    typeVersion: z.number(),
  })
  .strict();
export type N8nTarget = z.infer<typeof N8nTargetSchema>;

/**
 * An n8n HTTP tool as tooldeck models it (`kind: n8n-http-tool`): the tool node as n8n stores it in a
 * workflow (`name`, `type`, `typeVersion`, `parameters`, `credentials` and the node settings
 * `retryOnFail`, `maxTries`, `waitBetweenTries`, `onError`), plus the agent it serves, whose version
 * decides how calls are checked and what the model sees (docs/n8n.md). A node copied from n8n becomes a
 * config by adding `kind` and `agent`. `parameters` stay as n8n stores them: expressions (`=…`) and all.
 * @example
 * N8nHttpToolConfigSchema.parse({
 *   kind: "n8n-http-tool", name: "Get Item", type: "n8n-nodes-base.httpRequestTool", typeVersion: 4.2,
 *   parameters: { url: "={{ $vars.base_url }}/items/{{ $fromAI('id') }}" },
 *   agent: { type: "@n8n/n8n-nodes-langchain.agent", typeVersion: 3.1 },
 * });
 */
export const N8nHttpToolConfigSchema = z
  .object({
    kind: z.literal("n8n-http-tool"),
    /** The node's name in n8n; the tool name the model sees is derived from it. */
    name: z.string(),
    type: z.enum(HTTP_TOOL_TYPES),
    typeVersion: z.number(),
    parameters: z.record(z.string(), z.unknown()).default({}),
    credentials: z.record(z.string(), N8nCredentialRefSchema).default({}),
    retryOnFail: z.boolean().optional(),
    maxTries: z.number().optional(),
    waitBetweenTries: z.number().optional(),
    onError: z.string().optional(),
    agent: N8nTargetSchema,
  })
  .strict();
/** An n8n HTTP tool node with the agent it serves: what `N8nHttpToolConfigSchema` parses. */
export type N8nHttpToolConfig = z.infer<typeof N8nHttpToolConfigSchema>;
