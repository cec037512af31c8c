import { randomBytes } from "node:crypto";
import type { DifyBodyItem, DifyHttpRequestConfig } from "../../config/dify-http-request-config.js";
import { DifyNodeError, DifyNotReproduced } from "../dify-node-error.js";
import type { DifyVariablePool } from "../dify-variable-pool.js";
import { holdsNonFinite, httpxJsonText, parsePythonJson } from "../python-json.js";
import { renderDifyTemplate } from "../render-dify-template.js";
import { encodeMultipart } from "./httpx-multipart.js";
import { pythonUrlencode } from "./python-urlencode.js";

/** A body as httpx writes it: its text, and the Content-Type httpx sets when none is given. */
export interface NodeBody {
  /** Undefined: nothing is sent (httpx then adds `Content-Length: 0` to POST, PUT and PATCH). */
  text?: string;
  contentType?: string;
}

/** The message when a JSON body needs json_repair, whose output the reference does not pin (fact 29). */
export const JSON_REPAIR_NOT_REPRODUCED =
  "Dify would repair this JSON with json_repair before sending, and what json_repair makes of it is not reproduced";

/**
 * The node's body as Dify builds it and httpx encodes it (reference/dify-tools.md facts 29–32,
 * `Executor._init_body`): `none` an empty content; `raw-text` the rendered text; `json` the rendered text
 * read as Python reads it and written compact (fact 30); `x-www-form-urlencoded` the rendered pairs
 * (a key said twice: the last value) urlencoded; `form-data` multipart, with the empty
 * `__multipart_placeholder__` file part when no file is sent (fact 32). `binary` and file items carry
 * files, which tooldeck does not model: the call is not reproduced.
 */
export function nodeBody(
  config: DifyHttpRequestConfig,
  pool: DifyVariablePool,
  boundary: () => string = randomBoundary,
): NodeBody {
  const { type, data } = config.body;
  switch (type) {
    case "none":
      return {};
    case "raw-text":
      return { text: renderDifyTemplate(single(data, type).value, pool) };
    case "json":
      return jsonBody(renderDifyTemplate(single(data, type).value, pool));
    case "binary":
      single(data, type);
      throw new DifyNotReproduced("a binary body sends a file, and tooldeck does not model Dify's files");
    case "x-www-form-urlencoded": {
      const pairs = [...renderedPairs(data, pool)];
      return pairs.length === 0
        ? {}
        : { text: pythonUrlencode(pairs), contentType: "application/x-www-form-urlencoded" };
    }
    case "form-data": {
      if (data.some((item) => item.type === "file"))
        throw new DifyNotReproduced(
          "a form-data file item sends a file, and tooldeck does not model Dify's files",
        );
      const bound = boundary();
      const text = encodeMultipart([...renderedPairs(data, pool)], bound);
      return { text, contentType: `multipart/form-data; boundary=${bound}` };
    }
  }
}

/** `_require_single_body_item`: json, raw-text and binary bodies have exactly one item. */
function single(data: readonly DifyBodyItem[], type: string): DifyBodyItem {
  const [item] = data;
  if (data.length !== 1 || item === undefined)
    throw new DifyNodeError("RequestBodyError", `${type} body type should have exactly one item`);
  return item;
}

function jsonBody(rendered: string): NodeBody {
  const value = parsePythonJson(rendered);
  if (value === undefined) throw new DifyNotReproduced(JSON_REPAIR_NOT_REPRODUCED);
  // httpx writes JSON with allow_nan=False: Dify's node would fail with a ValueError it does not catch.
  if (holdsNonFinite(value))
    throw new DifyNotReproduced("the JSON body holds NaN or Infinity, which httpx refuses to write");
  // json=None sends no body at all (httpx's `json is not None` test).
  if (value === null) return { contentType: "application/json" };
  return { text: httpxJsonText(value), contentType: "application/json" };
}

/** Text items as `{rendered key: rendered value}`: a key said twice keeps its first place, its last value. */
function renderedPairs(data: readonly DifyBodyItem[], pool: DifyVariablePool): Map<string, string> {
  const pairs = new Map<string, string>();
  for (const item of data)
    if (item.type === "text")
      pairs.set(renderDifyTemplate(item.key, pool), renderDifyTemplate(item.value, pool));
  return pairs;
}

/** httpx's boundary: 16 random bytes in hex. */
function randomBoundary(): string {
  return randomBytes(16).toString("hex");
}
