import { toKeys } from "../../config/json-path.js";
import type { LoadedTool } from "../../config/tool-config.js";
import { isPlainObject } from "../../json/json-value.js";
import type { Fixed } from "../../platforms/platform.js";
import { platformToolKind } from "../../platforms/registry.js";
import type { Profile } from "../../profile.js";
import { OPENAI_MAX_DESCRIPTION } from "../../providers/rules/openai-rules.js";
import type { ProviderViolation } from "../../providers/wire-tool.js";
import { toolProfileOf } from "../../runtime/profiles/tool-profile-of.js";
import { sanitizeToolName } from "../../runtime/tool-name.js";
import { shortenAtWord } from "../../text/shorten-at-word.js";
import type { Fix } from "../diagnostic.js";
import { toFindingFix } from "../finding-fix.js";

/** What a violation is about in the tool as sent: its name, its description, or a place in its schema. */
export type RejectedField = "name" | "description" | "schema";

/** What a fix of one tool's refusal needs besides the refusal: how the tool is built and its agent's names. */
export interface ProviderFixContext {
  profile: Profile;
  /** Whether one of the agent's other tools is sent under `name`: a new name must not be. */
  isOtherName(name: string): boolean;
}

/** The description's limit, by the rule that holds a description to one. */
const DESCRIPTION_LIMITS: Readonly<Record<string, number>> = {
  "openai/description-length": OPENAI_MAX_DESCRIPTION,
};

const NAME_RULE = /\/name-(pattern|length|format)$/;

/**
 * The fix of a `provider-rejects` finding on a loaded tool, as the finding carries it: the legal form
 * written where the config controls it, which changes nothing the tool sends to its API (a description
 * shortened at a word boundary within the provider's limit; a request tool's name made one every
 * provider takes), or, where the config cannot say the legal form without changing the request, a fix
 * that is not applied and says why (`notFixable`). Undefined for refusals no config field causes
 * alone (a list of too many tools, two tools of one name).
 * @example
 * providerFix(tool, { rule: "openai/description-length", … }, "description", context);
 * // { description: "shorten the description to 1024 characters or fewer (openai takes 1024)",
 * //   changes: [{ path: "[0].description", value: "Lists the events …" }], configPath: "[0]" }
 */
export function providerFix(
  tool: LoadedTool,
  violation: ProviderViolation,
  field: RejectedField,
  context: ProviderFixContext,
): Fix | undefined {
  const limit = DESCRIPTION_LIMITS[violation.rule];
  if (field === "description" && limit !== undefined) return descriptionFix(tool, violation, limit);
  if (field === "description" && violation.rule === "bedrock/description-length")
    return notFixable(tool, "write a description", "--fix does not make up a description: write one");
  if (field === "name" && NAME_RULE.test(violation.rule)) return nameFix(tool, context);
  if (field === "schema") return schemaNotFixable(tool, violation);
  return undefined;
}

function descriptionFix(tool: LoadedTool, violation: ProviderViolation, limit: number): Fix | undefined {
  const { config } = tool;
  const where = fieldPath(tool, "description");
  const written = where.ok ? valueAt(config, where.value) : undefined;
  const shortened = shortenAtWord(typeof written === "string" ? written : "", limit);
  const description = `shorten the description to ${limit} characters or fewer (${violation.provider} takes ${limit})`;
  if (!where.ok) return notFixable(tool, description, where.reason);
  if (typeof written !== "string") return undefined;
  return toFindingFix({ description, changes: [{ path: where.value, value: shortened }] }, config, tool);
}

function nameFix(tool: LoadedTool, context: ProviderFixContext): Fix | undefined {
  const { config } = tool;
  if (typeof config.name !== "string") return undefined;
  const name = legalName(toolProfileOf(context.profile).toolName(config.name));
  const description = `rename to ${name}, a name every provider takes`;
  const where = fieldPath(tool, "name");
  if (!where.ok) return notFixable(tool, description, where.reason);
  // The profile sends the new name as it is written, or the fix would not be the name sent.
  if (toolProfileOf(context.profile).toolName(name) !== name)
    return notFixable(tool, description, `the ${context.profile} profile would not send ${name} as written`);
  if (context.isOtherName(name))
    return notFixable(tool, description, `${name} is another tool's name in this agent: rename it by hand`);
  return toFindingFix({ description, changes: [{ path: where.value, value: name }] }, config, tool);
}

/**
 * Where the config writes the name or description as sent: a request tool's own field; a platform's
 * kind says (`ToolKind.modelFieldPath`); an OpenAPI toolkit's come from its spec.
 */
function fieldPath(tool: LoadedTool, field: "name" | "description"): Fixed<string> {
  const { kind } = tool.config;
  if (kind === "request") return { ok: true, value: field };
  if (kind === "openapi-toolkit") return { ok: false, reason: TOOLKIT_REASON };
  const found = platformToolKind(kind)?.modelFieldPath?.(tool.config, field);
  return found ?? { ok: false, reason: `--fix does not change the ${field} of a ${kind} tool` };
}

const TOOLKIT_REASON =
  "an OpenAPI toolkit's tools are its spec's operations, and its config has no per-operation override: change the spec";

/**
 * A schema refused: a toolkit's is its spec's; a request tool's top-level keys are the names it sends
 * (a query parameter, a body field), and the rest tooldeck's runtime writes from the config's types; a
 * platform's kind says why (`ToolKind.whySchemaNotFixable`).
 */
function schemaNotFixable(tool: LoadedTool, violation: ProviderViolation): Fix | undefined {
  const { kind } = tool.config;
  const description = "give the provider a schema it takes";
  if (kind === "openapi-toolkit") return notFixable(tool, description, TOOLKIT_REASON);
  const key = /\/property-key$/.test(violation.rule) ? violation.path.split(".").at(-1) : undefined;
  if (kind !== "request") {
    const why = platformToolKind(kind)?.whySchemaNotFixable?.(tool.config, key);
    return why === undefined ? undefined : notFixable(tool, description, why);
  }
  return notFixable(tool, description, requestSchemaReason(violation, key));
}

function requestSchemaReason(violation: ProviderViolation, key: string | undefined): string {
  if (key !== undefined)
    return `${key} is a name the request tool sends (a query parameter or body field): renaming it would change the request`;
  // Flowise's zod-to-json-schema writes z.array(z.any()) as { type: "array" }, without items.
  if (/\/array-items$/.test(violation.rule))
    return `${violation.path.split(".").at(-1)} is typed array, and a request tool's schema has no field for its item type`;
  return "tooldeck's runtime writes this part of the schema from the config's types: no field of the config says it otherwise";
}

/** The config's value at a path of its own (`parameters.toolDescription`), own keys only. */
function valueAt(config: unknown, path: string): unknown {
  let value = config;
  for (const key of toKeys(path))
    value = isPlainObject(value) && Object.hasOwn(value, key) ? value[key] : undefined;
  return value;
}

function notFixable(tool: LoadedTool, description: string, reason: string): Fix {
  return { description, changes: [], configPath: tool.source.path, notFixable: reason };
}

/** A name OpenAI, Anthropic, Gemini, Vertex AI, Bedrock and the MCP spec all take. */
export function legalName(name: string): string {
  const sanitized = sanitizeToolName(name);
  // Gemini's names start with a letter or `_`.
  return /^[a-zA-Z_]/.test(sanitized) ? sanitized : `_${sanitized}`.slice(0, 64);
}
