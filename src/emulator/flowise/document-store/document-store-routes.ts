import { type Context, Hono } from "hono";
import { readRequestBody } from "../body-guard.js";
import { FlowiseApiError } from "../flowise-api-error.js";
import { flowiseJson } from "../flowise-json.js";
import { readPagination } from "../pagination.js";
import type { DocumentStoreService } from "./document-store-service.js";
import { readUpsertBody } from "./read-upsert-body.js";

/**
 * The thirteen document-store routes of Flowise 3.1, mounted at `/api/v1/document-store`
 * (reference/flowise-api.md, "Document stores"). Every success is 200 JSON, as in Flowise.
 */
export function createDocumentStoreRoutes(stores: DocumentStoreService): Hono {
  const routes = new Hono({ strict: false });
  routes.post("/store", async (c) => flowiseJson(c, await stores.createStore(await readObject(c))));
  routes.get("/store", async (c) => flowiseJson(c, await stores.listStores(readPagination(c))));
  routes.get("/store/:id", async (c) => flowiseJson(c, await stores.getStore(param(c, "id"))));
  routes.put("/store/:id", async (c) =>
    flowiseJson(c, await stores.updateStore(param(c, "id"), await readObject(c))),
  );
  routes.delete("/store/:id", async (c) => flowiseJson(c, await stores.deleteStore(param(c, "id"))));

  routes.get("/chunks/:storeId/:loaderId/:pageNo", async (c) =>
    flowiseJson(
      c,
      await stores.getChunks(param(c, "storeId"), param(c, "loaderId"), pageNumber(param(c, "pageNo"))),
    ),
  );
  routes.put("/chunks/:storeId/:loaderId/:chunkId", async (c) =>
    flowiseJson(c, await stores.editChunk(chunkIds(c), await readObject(c))),
  );
  routes.delete("/chunks/:storeId/:loaderId/:chunkId", async (c) =>
    flowiseJson(c, await stores.deleteChunk(chunkIds(c))),
  );

  routes.post("/upsert/:id", async (c) => {
    const { fields, files } = await readUpsertBody(c);
    return flowiseJson(c, await stores.upsert(param(c, "id"), fields, files));
  });
  routes.post("/refresh/:id", async (c) =>
    flowiseJson(c, await stores.refresh(param(c, "id"), await readObject(c))),
  );
  routes.post("/vectorstore/query", async (c) => flowiseJson(c, await stores.query(await readObject(c))));
  routes.delete("/loader/:storeId/:loaderId", async (c) =>
    flowiseJson(c, await stores.deleteLoader(param(c, "storeId"), param(c, "loaderId"))),
  );
  routes.delete("/vectorstore/:id", async (c) => {
    await stores.deleteVectorStoreData(param(c, "id"), c.req.query("docId") || undefined);
    // Flowise answers `res.json(undefined)`: status 200, a JSON content type, and no body at all.
    return c.body(null, 200, { "content-type": "application/json; charset=utf-8" });
  });
  return routes;
}

function param(c: Context, name: string): string {
  return c.req.param(name) ?? "";
}

function chunkIds(c: Context) {
  return { storeId: param(c, "storeId"), docId: param(c, "loaderId"), chunkId: param(c, "chunkId") };
}

/** Flowise reads pageNo with parseInt; the emulator refuses a page that is not a positive integer. */
function pageNumber(raw: string): number {
  const page = Number.parseInt(raw, 10);
  if (!(page >= 1)) {
    throw new FlowiseApiError(
      412,
      `Error: documentStoreController.getDocumentStoreFileChunks - pageNo must be a positive integer, got '${raw}'`,
    );
  }
  return page;
}

/** The JSON body as an object; a body that is not one (none, an array) reads as `{}`, as `req.body` fields do. */
async function readObject(c: Context): Promise<Record<string, unknown>> {
  const body = await readRequestBody(c);
  return typeof body === "object" && body !== null && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {};
}
