import { type Context, Hono } from "hono";
import { readRequestBody } from "../body-guard.js";
import { FlowiseApiError } from "../flowise-api-error.js";
import type { FlowiseDeps } from "../flowise-deps.js";
import { flowiseJson } from "../flowise-json.js";
import { paginate, readPagination } from "../pagination.js";
import { checkToolNotNull, type FlowiseTool, readToolFields } from "./flowise-tool.js";

/**
 * The Custom Tool routes of Flowise 3.1, mounted at `/api/v1/tools`: list, read, create, update,
 * delete. The server stores what the client sends, unchecked (reference flowise-custom-tool.md §1).
 */
export function createToolRoutes(deps: FlowiseDeps): Hono {
  const routes = new Hono({ strict: false });
  routes.get("/", (c) => flowiseJson(c, paginate(deps.tools.list(), readPagination(c))));
  routes.get("/:id", (c) => flowiseJson(c, findTool(deps, c.req.param("id") ?? "")));
  routes.post("/", (c) => createTool(c, deps));
  routes.put("/:id", (c) => updateTool(c, deps));
  routes.delete("/:id", (c) => deleteTool(c, deps));
  return routes;
}

function findTool(deps: FlowiseDeps, id: string): FlowiseTool {
  const tool = deps.tools.get(id);
  if (!tool) throw new FlowiseApiError(404, `Tool ${id} not found`);
  return tool;
}

/** The body's columns on a new row; an `id` in the body is kept, as TypeORM's save of the assigned entity does. */
async function createTool(c: Context, deps: FlowiseDeps): Promise<Response> {
  const body = await readRequestBody(c);
  const fields = readToolFields(body);
  checkToolNotNull(fields, "createTool");
  const given = typeof (body as { id?: unknown } | null)?.id === "string" ? (body as { id: string }).id : "";
  const at = deps.now().toISOString();
  const tool: FlowiseTool = {
    iconSrc: null,
    schema: null,
    func: null,
    ...(fields as Pick<FlowiseTool, "name" | "description" | "color">),
    id: given || deps.randomId(),
    createdDate: at,
    updatedDate: at,
    workspaceId: deps.workspaceId,
  };
  deps.tools.put(tool);
  return flowiseJson(c, tool);
}

/** A partial update: omitted columns are kept. */
async function updateTool(c: Context, deps: FlowiseDeps): Promise<Response> {
  const existing = findTool(deps, c.req.param("id") ?? "");
  const fields = readToolFields(await readRequestBody(c));
  const merged = { ...existing, ...fields, updatedDate: deps.now().toISOString() } as FlowiseTool;
  checkToolNotNull(merged, "updateTool");
  deps.tools.put(merged);
  return flowiseJson(c, merged);
}

function deleteTool(c: Context, deps: FlowiseDeps): Response {
  const affected = deps.tools.delete(c.req.param("id") ?? "") ? 1 : 0;
  return flowiseJson(c, { raw: [], affected });
}
