import { z } from "zod";
import { HttpNodeConfigSchema } from "./http-node-config.js";
import { OpenApiToolkitConfigSchema } from "./openapi-toolkit-config.js";
import { RequestToolConfigSchema } from "./request-tool-config.js";

/**
 * Every kind of tool config tooldeck models, told apart by `kind`: request tools and OpenAPI toolkits
 * (the HTTP node, `http`, joins as it arrives).
 */
export const ToolConfigSchema = z.discriminatedUnion("kind", [
  RequestToolConfigSchema,
  OpenApiToolkitConfigSchema,
  HttpNodeConfigSchema,
]);
/** Any tool config tooldeck loads, runs and lints: a request tool, an OpenAPI toolkit or an HTTP node. */
export type ToolConfig = z.infer<typeof ToolConfigSchema>;

/** Where a config came from, for diagnostics: the file and the JSON path inside it. */
export interface ToolSource {
  file: string;
  /** JSON path inside the file, e.g. `[2]` or `nodes[3].data.inputs`; empty for a whole-file config. */
  path: string;
  /** Set when the config was read from a Flowise export, which `--fix` does not edit. */
  format?: "flowise";
}

/** A config as loaded, with its source. */
export interface LoadedTool<C extends ToolConfig = ToolConfig> {
  config: C;
  source: ToolSource;
}
