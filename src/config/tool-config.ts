import { z } from "zod";
import type { PlatformName } from "../platforms/platform-names.js";
import { PLATFORM_TOOL_CONFIG_SCHEMAS } from "../platforms/platform-tool-configs.js";
import type { ProviderId } from "../providers/wire-tool.js";
import { HttpNodeConfigSchema } from "./http-node-config.js";
import { OpenApiToolkitConfigSchema } from "./openapi-toolkit-config.js";
import { RequestToolConfigSchema } from "./request-tool-config.js";

/**
 * Every kind of tool config tooldeck models, told apart by `kind`: request tools, OpenAPI toolkits, HTTP
 * nodes, and the kinds platforms add.
 */
export const ToolConfigSchema = z.discriminatedUnion("kind", [
  RequestToolConfigSchema,
  OpenApiToolkitConfigSchema,
  HttpNodeConfigSchema,
  ...PLATFORM_TOOL_CONFIG_SCHEMAS,
]);
/** Any tool config tooldeck loads, runs and lints: a request tool, an OpenAPI toolkit, an HTTP node, a platform's kind. */
export type ToolConfig = z.infer<typeof ToolConfigSchema>;

/** Where a config came from, for diagnostics: the file and the JSON path inside it. */
export interface ToolSource {
  file: string;
  /** JSON path inside the file, e.g. `[2]` or `nodes[3].data.inputs`; empty for a whole-file config. */
  path: string;
  /** The platform whose export the config was read from (`flowise`), which `--fix` does not edit. */
  format?: PlatformName;
  /**
   * The agent the tool is given to, where it is not the whole file: an Agentflow V2 Agent node, an n8n
   * agent. Absent: the file is the agent (`agentOf`).
   */
  agent?: ToolAgent;
  /**
   * Where the tool's code (`func`) is written when another file holds it: the export of a flow's Custom
   * Tool read beside the flow (`{ file: "tools/update.json", path: "" }`). Findings in the code point there.
   */
  code?: { file: string; path: string };
  /**
   * Where keys of the config are written when not under `path` by the same name (a flow's Custom Tool
   * node: its own code under `customToolFunc`, its schema from its export's `schema`), by the config's key
   * (`func`, `schema`): findings at the key or below it point there.
   */
  keys?: Readonly<Record<string, { file: string; path: string }>>;
}

/** An agent of a run: the tools one model is given side by side, whose names must differ. */
export interface ToolAgent {
  /** Unique in a run: the file, or the file and the JSON path of the agent's node (`flow.json#nodes[1]`). */
  id: string;
  /** How messages name it: `Requests Tool Agent.json`, `flow.json › Requests Agent`. */
  label: string;
  /**
   * The model provider its flow says it uses (a Flowise chat model node, an Agent node's `agentModel`, an
   * n8n `lmChat*` node wired to it): the provider profile its tools are judged against (docs/providers.md).
   */
  provider?: ProviderId;
}

/** A config as loaded, with its source. */
export interface LoadedTool<C extends ToolConfig = ToolConfig> {
  config: C;
  source: ToolSource;
}
