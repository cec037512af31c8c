import type { LoadSink } from "../../../config/load-sink.js";
import type { DifyAgent } from "../config/dify-agent.js";
import type { DifyFixedValue } from "../config/dify-api-tool-config.js";

/**
 * A custom API tool as an app uses it (reference/dify-tools.md facts 15–18): a workflow Tool node, or a
 * tool given to an Agent node, of `provider_type: api`. The provider's OpenAPI document is not in the
 * DSL (fact 16): linking finds it.
 */
export interface DifyToolUse {
  /** `provider_name`: the custom tool provider's name in its workspace. */
  providerName: string;
  /** `tool_name`: the operation's name in the provider (its operationId, or Dify's path-derived name). */
  toolName: string;
  /** The values the node fixes: a Tool node's `tool_parameters`, an Agent tool's `auto: 0` parameters. */
  parameters: Record<string, DifyFixedValue>;
  /** An Agent tool's `extra.description`, which replaces the operation's (fact 77). */
  description?: string;
  /** The Tool node's id, for messages. */
  node?: string;
  /** The Agent node it is given to; absent for a workflow Tool node. */
  agent?: DifyAgent;
}

/**
 * Links a use of a custom API tool to its provider's OpenAPI document. Until that is built, a note says
 * the tool's provider is not linked yet, so that the tool is never dropped in silence.
 */
export function linkDifyApiTool(use: DifyToolUse, path: string, sink: LoadSink): void {
  sink.note(
    path,
    `not modelled yet: the custom API tool "${use.toolName}" of provider "${use.providerName}" is not linked to its OpenAPI document`,
  );
}
