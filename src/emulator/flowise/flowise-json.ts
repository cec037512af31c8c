import type { Context } from "hono";
import { flowiseErrorBody } from "./flowise-api-error.js";

/** Express's `res.json` content type, which Flowise answers with. */
const JSON_TYPE = "application/json; charset=utf-8";
/** Express's `res.send(string)` content type. */
const TEXT_TYPE = "text/html; charset=utf-8";

/** A JSON answer as Flowise's Express server sends it. */
export function flowiseJson(c: Context, data: unknown, status = 200): Response {
  return c.body(JSON.stringify(data), status as 200, { "content-type": JSON_TYPE });
}

/** Flowise's error body `{"statusCode","success":false,"message","stack":{}}` with that status. */
export function flowiseError(c: Context, status: number, message: string): Response {
  return flowiseJson(c, flowiseErrorBody(status, message), status);
}

/** A plain-text answer (`res.send("pong")`, `res.status(401).send("Unauthorized")`). */
export function flowiseText(c: Context, text: string, status = 200): Response {
  return c.body(text, status as 200, { "content-type": TEXT_TYPE });
}
