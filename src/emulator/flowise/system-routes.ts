import { Hono } from "hono";
import type { FlowiseDeps } from "./flowise-deps.js";
import { flowiseError, flowiseJson, flowiseText } from "./flowise-json.js";

/** The Flowise version the emulator answers as: the one it was checked against, side by side. */
export const EMULATED_FLOWISE_VERSION = "3.1.4";

/** `GET /ping`, `GET /version` and `GET /verify/apikey/:apikey`, all whitelisted (no Authorization needed). */
export function createSystemRoutes(deps: FlowiseDeps): Hono {
  const routes = new Hono({ strict: false });
  routes.get("/ping", (c) => flowiseText(c, "pong"));
  routes.get("/version", (c) => flowiseJson(c, { version: EMULATED_FLOWISE_VERSION }));
  routes.get("/verify/apikey", (c) =>
    flowiseError(c, 412, "Error: apikeyController.verifyApiKey - apikey not provided!"),
  );
  routes.get("/verify/apikey/:apikey", async (c) => {
    const key = await deps.apiKeys.find(c.req.param("apikey"));
    return key ? flowiseJson(c, "OK") : flowiseError(c, 401, "Unauthorized");
  });
  return routes;
}
