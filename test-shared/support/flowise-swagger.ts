import { readFileSync } from "node:fs";
import { load } from "js-yaml";
import { sharedFixture } from "./shared-fixture.js";

/** Flowise's published OpenAPI file, as it lies in `shared/fixtures/`: tags, paths and components only. */
export const FLOWISE_SWAGGER = sharedFixture("flowise", "swagger.yml");

/**
 * Flowise's swagger.yml as Flowise's server serves it: the file holds only tags, paths and components,
 * and the server adds the header (OpenAPI 3.0.3, "Flowise APIs", server http://localhost:3000/api/v1).
 */
export function flowiseSwagger(): Record<string, unknown> {
  const body = load(readFileSync(FLOWISE_SWAGGER, "utf8")) as Record<string, unknown>;
  const header = { openapi: "3.0.3", info: { title: "Flowise APIs", version: "1.0.0" } };
  return { ...header, servers: [{ url: "http://localhost:3000/api/v1" }], ...body };
}
