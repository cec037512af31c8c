import type { ToolAgent } from "../../config/tool-config.js";
import type { ModelTool } from "../../providers/default-wire-tools.js";
import type { ProviderId, ProviderViolation } from "../../providers/wire-tool.js";
import type { Diagnostic, Fix } from "../diagnostic.js";
import type { RejectedField } from "./provider-fix.js";

/** One tool of an agent as its model is given it, with where findings on it are reported. */
export interface SentTool {
  model: ModelTool;
  /** The finding's tool, node and file, and the tool's own path in its file. */
  at: Pick<Diagnostic, "tool" | "node" | "file" | "path">;
  /** The config path of its name or description in its file, where the config writes them as sent. */
  fieldPath?(field: "name" | "description"): string | undefined;
  /** The fix a refusal of the tool carries (`provider-fix.ts`), if any. */
  fixOf?(violation: ProviderViolation, field: RejectedField): Fix | undefined;
}

/** One agent's tools, in the order its client sends them. */
export interface AgentToJudge {
  agent: ToolAgent;
  tools: readonly SentTool[];
  /** The providers judged when none is chosen and the flow does not say (default every provider's API). */
  fallback?: readonly ProviderId[];
}
