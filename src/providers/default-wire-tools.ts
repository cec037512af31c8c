import { isPlainObject, setOwn } from "../json/json-value.js";
import type { ExecutableTool } from "../runtime/tool-result.js";
import { PROVIDER_PROFILES } from "./rules/provider-profiles.js";
import type { ProviderId, WireTool } from "./wire-tool.js";

/** A tool as a model client is given it: its name, description and JSON Schema (an `ExecutableTool` is one). */
export type ModelTool = Pick<ExecutableTool, "name" | "description" | "inputSchema">;

/**
 * What one agent's tools become on the wire to a provider: one `WireTool` per given tool, in order (a
 * provider client sends an agent's tools as it is given them), or a `WireForm` when the client's list is
 * not the given list one for one. The seam `tooldeck check` judges through: the default form
 * (`defaultWireToolsOf`), or the request body LangChain's provider classes really send
 * (`createCapturedWireToolsOf`, `--wire captured`).
 */
export type WireToolsOf = (
  provider: ProviderId,
  agentTools: readonly ModelTool[],
) => Promise<WireTool[] | WireForm>;

/** One agent's tools as a client sends them to one provider, with how they answer to the tools given. */
export interface WireForm {
  /** The tools as sent, in order. */
  tools: WireTool[];
  /**
   * For each sent tool, the index of the given tool it is sent for; undefined for one that answers to
   * none (a tool the client renamed). Absent: the same index, one for one.
   */
  given?: (number | undefined)[];
  /** Who sends them, as findings name it: `ChatAnthropic (@langchain/anthropic)`. */
  client?: string;
  /** The given tools (their indexes) the client leaves out of the request without a word. */
  dropped?: number[];
  /** The client's refusal to send the list at all (it throws before any request); `tools` is then the default form. */
  refused?: string;
}

/** A seam's answer as a `WireForm`: a plain list is the given tools one for one. */
export function toWireForm(sent: WireTool[] | WireForm): WireForm {
  return Array.isArray(sent) ? { tools: sent } : sent;
}

// Keywords tooldeck's own runtime writes that a provider client may strip or never send: `$schema` (zod's
// and LangChain's), `propertyNames` (zod 4's records, which Flowise's zod-to-json-schema never writes).
const MAYBE_STRIPPED = new Set(["$schema", "propertyNames"]);
// @langchain/google-genai's `removeAdditionalProperties` drops these from every schema it sends to Gemini.
const GOOGLE_STRIPPED = new Set([...MAYBE_STRIPPED, "additionalProperties", "strict"]);

/**
 * The default until the captured wire form is plugged in: each tool's name, description and the JSON Schema
 * tooldeck's runtime gives the model under the tool's profile, kept conservative: what a client may strip
 * (`$schema`, `propertyNames`; for Gemini and Vertex also `additionalProperties`, as @langchain/google-genai
 * does) is left out, so nothing is held against a tool that its client would not send.
 * @example
 * const wire = await defaultWireToolsOf("gemini", await createTools(configs, { profile: "flowise" }));
 */
export const defaultWireToolsOf: WireToolsOf = (provider, agentTools) => {
  const profile = PROVIDER_PROFILES[provider];
  const google = provider === "gemini" || provider === "vertex";
  return Promise.resolve(
    agentTools.map((tool, index) => ({
      name: tool.name,
      description: tool.description,
      parameters: sentSchema(tool.inputSchema, google),
      path: profile.toolPath(index),
    })),
  );
};

// One copy of a schema per form, whichever providers receive it: the judge walks each copy once.
const sentForms = { google: new WeakMap<object, unknown>(), other: new WeakMap<object, unknown>() };

function sentSchema(schema: Record<string, unknown>, google: boolean): unknown {
  const cache = google ? sentForms.google : sentForms.other;
  let sent = cache.get(schema);
  if (sent === undefined) {
    sent = withoutKeys(schema, google ? GOOGLE_STRIPPED : MAYBE_STRIPPED);
    cache.set(schema, sent);
  }
  return sent;
}

/** The schema without the given keywords at any depth (property names, which are data, are kept). */
function withoutKeys(schema: unknown, keys: ReadonlySet<string>, inProperties = false): unknown {
  if (Array.isArray(schema)) return schema.map((item) => withoutKeys(item, keys));
  if (!isPlainObject(schema)) return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (!inProperties && keys.has(key)) continue;
    const child = withoutKeys(
      value,
      keys,
      !inProperties && (key === "properties" || key === "$defs" || key === "definitions"),
    );
    setOwn(copy, key, child);
  }
  return copy;
}
