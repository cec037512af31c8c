import { Hono } from "hono";
import type { FlowiseDeps } from "../flowise-deps.js";
import { flowiseJson } from "../flowise-json.js";

/** The six chatflow routes of Flowise 3.1, mounted at `/api/v1/chatflows`. */
export function createChatflowRoutes(deps: FlowiseDeps): Hono {
  const routes = new Hono({ strict: false });
  routes.get("/", (c) => flowiseJson(c, deps.chatflows.list()));
  return routes;
}
