import type { Context } from "hono";
import { TOO_DEEP_MESSAGE, tooDeepJsonField } from "../../json-depth.js";
import { readRequestBody } from "../body-guard.js";
import { FlowiseApiError } from "../flowise-api-error.js";
import type { UploadedFile } from "./pipeline/uploaded-file.js";

/** The multipart field Flowise's upsert route takes files from (`multer.array("files")`). */
export const UPSERT_FILES_FIELD = "files";

/**
 * The upsert body, multipart or JSON. Multipart: files under `files` (repeatable), every other part a
 * string field (the last one wins when repeated); a file under another name is multer's 500
 * `Unexpected field`. A body that is not valid multipart is a 500 naming the parser's complaint.
 * Our rule where Flowise has none: a field whose JSON text nests deeper than 256 levels is 400, as a
 * JSON body that deep is.
 */
export async function readUpsertBody(
  c: Context,
): Promise<{ fields: Record<string, unknown>; files: UploadedFile[] }> {
  const type = c.req.header("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (type !== "multipart/form-data") {
    const body = await readRequestBody(c);
    const fields =
      typeof body === "object" && body !== null && !Array.isArray(body)
        ? (body as Record<string, unknown>)
        : {};
    return { fields: withinDepth(fields), files: [] };
  }
  const form = await readForm(c);
  const fields: Record<string, unknown> = {};
  const files: UploadedFile[] = [];
  for (const [key, value] of form.entries()) {
    if (typeof value === "string") {
      fields[key] = value;
    } else if (key === UPSERT_FILES_FIELD) {
      files.push({
        name: value.name,
        mimeType: value.type,
        bytes: new Uint8Array(await value.arrayBuffer()),
      });
    } else {
      throw new FlowiseApiError(500, "Unexpected field");
    }
  }
  return { fields: withinDepth(fields), files };
}

function withinDepth(fields: Record<string, unknown>): Record<string, unknown> {
  const deep = tooDeepJsonField(fields);
  if (deep !== undefined) throw new FlowiseApiError(400, `${deep}: ${TOO_DEEP_MESSAGE}`);
  return fields;
}

async function readForm(c: Context): Promise<FormData> {
  try {
    return await c.req.formData();
  } catch (cause) {
    throw new FlowiseApiError(500, `Malformed multipart/form-data body: ${(cause as Error).message}`);
  }
}
