import { isPlainObject } from "../../../json/json-value.js";
import { parseBounded } from "../../../project-files/parse-bounded.js";

/** A custom tool provider's document as Dify reads it, or why Dify refuses it (one line). */
export type ParsedApiDocument =
  | { ok: true; document: Record<string, unknown> }
  | { ok: false; message: string };

/**
 * Reads the OpenAPI/Swagger document pasted into a Dify custom tool provider (reference/dify-tools.md
 * facts 52–53): JSON first, then YAML (tooldeck's bounded reading: an alias bomb or a document nested
 * 100 levels deep is refused). Dify then tries it as OpenAPI, then as Swagger converted to OpenAPI; both
 * need a non-empty `servers` list (Swagger 2's `host` is not read), so a document without one is
 * refused with both errors. OpenAI plugin manifests (Dify's third try, which downloads `api.url`) are
 * not modelled.
 * @example
 * parseDifyApiDocument("openapi: 3.0.0\nservers: [{url: https://api.example.com}]\npaths: {}");
 */
export function parseDifyApiDocument(text: string): ParsedApiDocument {
  let value: unknown;
  try {
    value = parseBounded(text.trim(), "json-or-yaml");
  } catch (error) {
    return {
      ok: false,
      message: `Invalid api schema, schema is neither json nor yaml (${(error as Error).message})`,
    };
  }
  if (!isPlainObject(value))
    return { ok: false, message: "Invalid api schema: the document is not a mapping" };
  const servers = value.servers;
  if (Array.isArray(servers) && servers.length > 0 && isPlainObject(value.paths))
    return { ok: true, document: value };
  const openapi =
    Array.isArray(servers) && servers.length > 0
      ? "No paths found in the openapi yaml."
      : "No server found in the openapi yaml.";
  const swagger = swaggerError(value);
  return {
    ok: false,
    message: `Invalid api schema, openapi error: ${openapi}, swagger error: ${swagger}, openapi plugin error: (OpenAI plugin manifests are not modelled by tooldeck)`,
  };
}

/** What Dify's Swagger conversion says of a document the OpenAPI reading refused (fact 53). */
function swaggerError(value: Record<string, unknown>): string {
  const servers = value.servers;
  if (!Array.isArray(servers) || servers.length === 0) return "No server found in the swagger yaml.";
  return "No paths found in the swagger yaml.";
}
