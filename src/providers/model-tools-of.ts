import type { RequestToolConfig } from "../config/request-tool-config.js";
import type { LoadedTool, ToolConfig } from "../config/tool-config.js";
import { createJsonInterner, type JsonInterner } from "../json/json-interner.js";
import type { OperationIndex } from "../openapi/operation-index.js";
import { platformToolKind } from "../platforms/registry.js";
import type { Profile } from "../profile.js";
import { createTool } from "../runtime/create-tools.js";
import { toolProfileOf } from "../runtime/profiles/tool-profile-of.js";
import { createToolkit } from "../runtime/toolkit/create-toolkit.js";
import type { ModelTool } from "./default-wire-tools.js";

/** The tools a loaded config gives its model (a toolkit: one per operation), in order; none when it cannot be built. */
export type ModelToolsOf = (tool: LoadedTool) => Promise<ModelTool[]>;

/** What the model's tools are built under: the profile, and the specs of OpenAPI toolkits by their `spec` path. */
export interface ModelToolsOptions {
  profile: Profile;
  /** A toolkit whose spec is not here gives no tools. */
  toolkitSpecs?: ReadonlyMap<string, OperationIndex>;
}

/**
 * Builds what each config gives its model, once per config however many judges ask (the provider gate
 * and the context budget share one per run), with one schema object per distinct schema: a request tool's
 * arguments schema is built once per distinct config apart from its name and description, and every
 * schema of the same JSON text is the same object, so what is cached by schema (the wire forms, the
 * providers' verdicts) is worked out once per distinct schema. A config that cannot be built (other
 * findings say why) and a step of a flow (an HTTP node, a Dify HTTP Request node: no model's tool) give none.
 * @example
 * const modelToolsOf = createModelToolsOf({ profile: "flowise" });
 * const [tool] = await modelToolsOf(loaded.tools[0]); // { name, description, inputSchema }
 */
export function createModelToolsOf(options: ModelToolsOptions): ModelToolsOf {
  const built = new WeakMap<ToolConfig, Promise<ModelTool[]>>();
  const intern = createJsonInterner();
  const requestSchemas = new Map<string, Record<string, unknown>>();
  return ({ config }) => {
    let tools = built.get(config);
    if (!tools) {
      tools =
        config.kind === "request"
          ? Promise.resolve(requestModelTools(config, options.profile, requestSchemas, intern))
          : otherModelTools(config, options, intern);
      built.set(config, tools);
    }
    return tools;
  };
}

/**
 * What the runtime gives the model for a request tool, without the rest of an executable tool (its URL,
 * headers and body resolvers), which would cost three times as much on a large project.
 */
function requestModelTools(
  config: RequestToolConfig,
  profile: Profile,
  schemas: Map<string, Record<string, unknown>>,
  intern: JsonInterner,
): ModelTool[] {
  const sends = toolProfileOf(profile);
  try {
    if (sends.refusal(config)) return [];
    // The arguments schema is the config's but for its name and description: copies of a tool under
    // other names (a project's hundreds of similar tools) share one build.
    const { name: _name, description: _description, ...rest } = config;
    const key = JSON.stringify(rest);
    let inputSchema = schemas.get(key);
    if (!inputSchema) {
      inputSchema = intern(sends.requestArguments(config).jsonSchema);
      schemas.set(key, inputSchema);
    }
    return [{ name: sends.toolName(config.name), description: config.description, inputSchema }];
  } catch {
    return [];
  }
}

async function otherModelTools(
  config: ToolConfig,
  { profile, toolkitSpecs }: ModelToolsOptions,
  intern: JsonInterner,
): Promise<ModelTool[]> {
  try {
    // A flow's or workflow's step (an HTTP node, a Dify HTTP Request node) is no model's tool.
    if (config.kind === "http" || platformToolKind(config.kind)?.unseenByModel) return [];
    const spec = config.kind === "openapi-toolkit" ? toolkitSpecs?.get(config.spec) : undefined;
    const tools =
      config.kind !== "openapi-toolkit"
        ? await createTool(config, { profile })
        : spec
          ? await createToolkit(config, { profile, spec })
          : [];
    return tools.map(({ name, description, inputSchema }) => ({
      name,
      description,
      inputSchema: intern(inputSchema),
    }));
  } catch {
    return [];
  }
}
