import { z } from "zod";

/** Header values as configured; numbers and booleans are sent as text. */
const HeaderValuesSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]));

/**
 * Headers as an object, or as the JSON object text Flowise stores (`'{"Authorization": "Bearer x"}'`).
 * Flowise's toolkit parses that text with JSON.parse, so JSON5 leniency is not offered here.
 */
export const ToolkitHeadersSchema = z
  .union([HeaderValuesSchema, z.string()])
  .transform((value, ctx): Record<string, string> => {
    let parsed: unknown = value;
    if (typeof value === "string") {
      if (value.trim() === "") return {};
      try {
        parsed = JSON.parse(value);
      } catch (cause) {
        ctx.addIssue({ code: "custom", message: `invalid JSON (${(cause as Error).message})` });
        return z.NEVER;
      }
    }
    const checked = HeaderValuesSchema.safeParse(parsed);
    if (!checked.success) {
      ctx.addIssue({ code: "custom", message: "expected a JSON object of header names to values" });
      return z.NEVER;
    }
    return Object.fromEntries(Object.entries(checked.data).map(([name, v]) => [name, String(v)]));
  });

/** operationIds as a list, or as the JSON text of one (how Flowise stores the multi-select). */
const ENDPOINTS_EXPECTED = "expected a list of operationIds (or its JSON text)";

export const SelectedEndpointsSchema = z
  .union([z.array(z.string()), z.string()], { error: ENDPOINTS_EXPECTED })
  .transform((value, ctx): string[] => {
    if (Array.isArray(value)) return value;
    if (value.trim() === "") return [];
    try {
      const parsed: unknown = JSON.parse(value);
      if (Array.isArray(parsed) && parsed.every((item) => typeof item === "string")) return parsed;
    } catch {
      // Reported below, like any other text that is not a JSON list of names.
    }
    ctx.addIssue({ code: "custom", message: ENDPOINTS_EXPECTED });
    return z.NEVER;
  });

/**
 * An OpenAPI toolkit (spec section 1, Flowise node `openAPIToolkit` 2.1): one tool per operation of
 * an OpenAPI description. `spec` is a path relative to the config file, or an http(s) URL.
 */
export const OpenApiToolkitConfigSchema = z.object({
  kind: z.literal("openapi-toolkit"),
  name: z.string().min(1).optional(),
  spec: z.string().min(1),
  returnDirect: z.boolean().default(false),
  headers: ToolkitHeadersSchema.default({}),
  removeNulls: z.boolean().default(false),
  /** JavaScript function body returning the tool output (Flowise's "Custom Code"). */
  customCode: z.string().optional(),
  /** Base URL to call instead of the spec's first server. */
  selectedServer: z.string().optional(),
  /** operationIds to expose; empty exposes every operation. */
  selectedEndpoints: SelectedEndpointsSchema.default([]),
});
/** An OpenAPI toolkit (`kind: openapi-toolkit`), one tool per operation: what `OpenApiToolkitConfigSchema` parses. */
export type OpenApiToolkitConfig = z.infer<typeof OpenApiToolkitConfigSchema>;
/** What a config file may hold before defaults are applied. */
export type OpenApiToolkitConfigInput = z.input<typeof OpenApiToolkitConfigSchema>;
