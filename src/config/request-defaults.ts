import type { HttpMethod } from "./request-tool-config.js";

/** Flowise's default tool names; PATCH has no Flowise node, so its name follows the same pattern. */
export const DEFAULT_TOOL_NAMES: Readonly<Record<HttpMethod, string>> = {
  GET: "requests_get",
  POST: "requests_post",
  PUT: "requests_put",
  PATCH: "requests_patch",
  DELETE: "requests_delete",
};

/** Flowise 3.1's default descriptions, word for word; PATCH's is tooldeck's, in the same voice. */
export const DEFAULT_DESCRIPTIONS: Readonly<Record<HttpMethod, string>> = {
  GET: "Use this when you need to execute a GET request to get data from a website.",
  POST: "Use this when you want to execute a POST request to create or update a resource.",
  PUT: "Use this when you want to execute a PUT request to update or replace a resource.",
  PATCH: "Use this when you want to execute a PATCH request to partially update a resource.",
  DELETE: "Use this when you need to execute a DELETE request to remove data from a website.",
};

/** Flowise's name rule: lower-case, spaces to `_`, every character outside `[a-z0-9_-]` removed. */
export function normaliseFlowiseToolName(name: string): string {
  return name
    .toLowerCase()
    .replace(/ /g, "_")
    .replace(/[^a-z0-9_-]/g, "");
}
