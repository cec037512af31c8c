import { isPlainObject } from "../../../json/json-value.js";

/**
 * Whether a value is an n8n workflow export (`{ nodes, connections }`, from a file, stdin or n8n's
 * `GET /api/v1/workflows/{id}`): `connections` tells it from a Flowise flow, which has `edges`.
 */
export function isN8nWorkflow(value: Record<string, unknown>): boolean {
  return Array.isArray(value.nodes) && isPlainObject(value.connections);
}
