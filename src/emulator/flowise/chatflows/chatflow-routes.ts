import { type Context, Hono } from "hono";
import { readRequestBody } from "../body-guard.js";
import { FlowiseApiError } from "../flowise-api-error.js";
import type { FlowiseDeps } from "../flowise-deps.js";
import { flowiseJson, flowiseText } from "../flowise-json.js";
import { isValidUuid } from "../is-valid-uuid.js";
import { paginate, readPagination } from "../pagination.js";
import { CHATFLOW_TYPES, type Chatflow } from "./chatflow.js";
import {
  checkChatbotConfig,
  checkFlowData,
  checkNotNull,
  newChatflow,
  readChatflowFields,
  requireChatflowType,
  sentValue,
} from "./chatflow-input.js";
import { createdChatflowView, savedChatflowView } from "./saved-chatflow.js";

/**
 * The six chatflow routes of Flowise 3.1, mounted at `/api/v1/chatflows` (reference/flowise-api.md,
 * "Chatflows"). Every answer is 200 on success, as in Flowise.
 */
export function createChatflowRoutes(deps: FlowiseDeps): Hono {
  const routes = new Hono({ strict: false });
  routes.get("/", (c) => listChatflows(c, deps));
  routes.get("/apikey/:apikey", (c) => chatflowsOfApiKey(c, deps));
  routes.get("/:id", (c) => flowiseJson(c, findChatflow(deps, c.req.param("id"))));
  routes.post("/", (c) => createChatflow(c, deps));
  routes.put("/:id", (c) => updateChatflow(c, deps));
  routes.delete("/:id", (c) => deleteChatflow(c, deps));
  return routes;
}

/** A known `?type=` filters exactly, any other value is ignored; `?page&limit` gives `{data, total}`. */
function listChatflows(c: Context, deps: FlowiseDeps): Response {
  const pagination = readPagination(c);
  const type = c.req.query("type");
  const known = (CHATFLOW_TYPES as readonly (string | undefined)[]).includes(type);
  const chatflows = deps.chatflows.list().filter((flow) => !known || flow.type === type);
  return flowiseJson(c, paginate(chatflows, pagination));
}

/** GET and PUT look a flow up the same way: 400 for an id that is not a UUID, 404 for an unknown one. */
function findChatflow(deps: FlowiseDeps, id: string): Chatflow {
  if (!isValidUuid(id)) throw new FlowiseApiError(400, "Invalid Chatflow ID");
  const chatflow = deps.chatflows.get(id);
  if (!chatflow) throw new FlowiseApiError(404, `Chatflow ${id} not found in the database!`);
  return chatflow;
}

/**
 * Flows bound to the key plus unbound ones (only bound ones with `?keyonly`), ordered by name.
 * An unknown key is a plain-text 401; an empty result is Flowise's 500.
 */
async function chatflowsOfApiKey(c: Context, deps: FlowiseDeps): Promise<Response> {
  const key = await deps.apiKeys.find(c.req.param("apikey") ?? "");
  if (!key) return flowiseText(c, "Unauthorized", 401);
  const keyOnly = c.req.query("keyonly") !== undefined;
  const flows = deps.chatflows
    .list()
    .filter((flow) => flow.apikeyid === key.id || (!keyOnly && !flow.apikeyid))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  if (flows.length === 0) {
    throw new FlowiseApiError(
      500,
      "Error: chatflowsService.getChatflowByApiKey - Chatflow not found in the database!",
    );
  }
  return flowiseJson(c, flows);
}

/**
 * Type first (400), then flowData must parse (500, nothing saved), then the database's NOT NULL checks
 * (500). The answer is the whole saved flow (Flowise 3.1.4).
 */
async function createChatflow(c: Context, deps: FlowiseDeps): Promise<Response> {
  const body = await readRequestBody(c);
  const fields = readChatflowFields(body);
  const type = requireChatflowType(fields.type);
  checkFlowData(sentValue(body, "flowData"));
  checkNotNull(fields);
  const at = deps.now().toISOString();
  const chatflow = newChatflow(fields, { id: deps.randomId(), type, at, workspaceId: deps.workspaceId });
  deps.chatflows.put(chatflow);
  return flowiseJson(c, createdChatflowView(chatflow, new Set([...Object.keys(fields), "type"])));
}

/** A partial update: omitted fields are kept; `type` is checked only when given (even empty). */
async function updateChatflow(c: Context, deps: FlowiseDeps): Promise<Response> {
  const existing = findChatflow(deps, c.req.param("id") ?? "");
  const body = await readRequestBody(c);
  const { type, ...fields } = readChatflowFields(body);
  const nextType = type || type === "" ? requireChatflowType(type) : existing.type;
  checkChatbotConfig(sentValue(body, "chatbotConfig"));
  const merged: Chatflow = { ...existing, ...fields, type: nextType } as Chatflow;
  checkNotNull(merged);
  checkFlowData(fields.flowData === undefined ? existing.flowData : sentValue(body, "flowData"));
  merged.updatedDate = deps.now().toISOString();
  // A DELETE may have landed while a form body arrived: writing now would bring the chatflow back.
  findChatflow(deps, existing.id);
  deps.chatflows.put(merged);
  return flowiseJson(c, savedChatflowView(merged));
}

/**
 * Any failure, even "not found", is Flowise's wrapped 500 (a non-UUID id too: `Invalid Chatflow ID`);
 * success is TypeORM's delete result.
 */
function deleteChatflow(c: Context, deps: FlowiseDeps): Response {
  const id = c.req.param("id") ?? "";
  const failed = (reason: string) =>
    new FlowiseApiError(500, `Error: chatflowsService.deleteChatflow - ${reason}`);
  if (!isValidUuid(id)) throw failed("Invalid Chatflow ID");
  if (!deps.chatflows.delete(id)) throw failed(`Chatflow ${id} not found in the database!`);
  deps.chatflowDeleted.emit(id);
  return flowiseJson(c, { raw: [], affected: 1 });
}
