import type { OpenApiDocument } from "../openapi/openapi-document.js";

/** The extension `infer` writes into `info`: the description shows only what the traffic showed. */
export const INFERRED_MARKER = "x-tooldeck-inferred";

/**
 * Whether a description was inferred from traffic by tooldeck (its marker, or the `version: inferred`
 * earlier versions wrote): an operation it lacks may only be one nobody recorded.
 */
export function isInferredSpec(document: OpenApiDocument): boolean {
  const info = document.info as Record<string, unknown> | undefined;
  return info?.[INFERRED_MARKER] === true || info?.version === "inferred";
}
