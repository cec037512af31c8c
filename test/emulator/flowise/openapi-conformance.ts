import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { load } from "js-yaml";
import { expect } from "vitest";
import { packagePath } from "../../../src/package/package-root.js";

const SPEC_ID = "https://tooldeck.test/flowise-emulator.openapi.json";
const SERVER_PREFIX = "/api/v1";

interface ResponseObject {
  $ref?: string;
  content?: Record<string, { schema: unknown }>;
}
interface OpenApiDoc {
  info: { version: string };
  paths: Record<string, Record<string, { responses: Record<string, ResponseObject> }>>;
  components: { responses: Record<string, ResponseObject> };
}

/** The emulator's own OpenAPI description, `src/emulator/flowise/openapi.yaml`. */
export const flowiseOpenApi = load(
  readFileSync(packagePath("src", "emulator", "flowise", "openapi.yaml"), "utf8"),
) as OpenApiDoc;

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addSchema({ ...flowiseOpenApi, $id: SPEC_ID });

const pointer = (...segments: string[]) =>
  segments.map((segment) => `/${segment.replaceAll("~", "~0").replaceAll("/", "~1")}`).join("");

/** The described path template a request path (`/api/v1/chatflows/x`) belongs to, if any. */
export function describedPath(path: string): string | undefined {
  const relative = path.replace(/\/$/, "").slice(SERVER_PREFIX.length) || "/";
  return Object.keys(flowiseOpenApi.paths).find((template) =>
    new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`).test(relative),
  );
}

/**
 * Asserts that a response of the emulator is one its OpenAPI description allows: the operation
 * exists, the status is listed, the content type is listed, and the body validates against the schema.
 */
export async function expectConformsToOpenApi(
  method: string,
  url: string,
  response: Response,
): Promise<void> {
  const path = new URL(url, "http://x").pathname;
  const template = describedPath(path);
  expect(template, `${path} is described`).toBeDefined();
  const operation = flowiseOpenApi.paths[template as string]?.[method.toLowerCase()];
  expect(operation, `${method} ${template} is described`).toBeDefined();
  let responseObject = operation?.responses[String(response.status)];
  expect(responseObject, `${method} ${template} lists status ${response.status}`).toBeDefined();
  let base = pointer("paths", template as string, method.toLowerCase(), "responses", String(response.status));
  if (responseObject?.$ref) {
    const name = responseObject.$ref.split("/").pop() as string;
    responseObject = flowiseOpenApi.components.responses[name];
    base = pointer("components", "responses", name);
  }
  // A response described without content must have no body (DELETE /document-store/vectorstore/{id}).
  if (!responseObject?.content) {
    expect(await response.clone().text(), `${method} ${template} ${response.status} has no body`).toBe("");
    return;
  }
  const mediaType = response.headers.get("content-type")?.split(";")[0] ?? "";
  expect(Object.keys(responseObject?.content ?? {}), `${method} ${template} ${response.status}`).toContain(
    mediaType,
  );
  const text = await response.clone().text();
  const body = mediaType === "application/json" ? JSON.parse(text) : text;
  const validate = ajv.getSchema(`${SPEC_ID}#${base}${pointer("content", mediaType, "schema")}`);
  expect(validate, "schema compiles").toBeDefined();
  const valid = validate?.(body);
  expect(valid ? [] : validate?.errors, `${method} ${path} → ${response.status}`).toEqual([]);
}
