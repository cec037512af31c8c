import { joinPath } from "../../../config/json-path.js";
import type { LoadSink } from "../../../config/load-sink.js";
import { LEGACY_HTTP_TOOL } from "../n8n-node-types.js";
import { fromAiSchema } from "../schema/from-ai-schema.js";
import type { N8nHttpToolConfig } from "./n8n-http-tool-config.js";

/**
 * Reports a `$fromAI` schema n8n refuses (reference fact 12: a key used with two types or descriptions,
 * an invalid key) as a load error at the parameter, with n8n's message: n8n stops the workflow before
 * the model is called, so the tool never exists. Returns whether the schema was refused.
 */
export function reportSchemaRefusal(config: N8nHttpToolConfig, path: string, sink: LoadSink): boolean {
  if (config.type === LEGACY_HTTP_TOOL) return false;
  const schema = fromAiSchema(config.parameters);
  if (schema.ok) return false;
  sink.error(
    joinPath(path, "parameters", schema.path),
    `${schema.message} (n8n stops the workflow before calling the model)`,
  );
  return true;
}
