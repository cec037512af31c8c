import { isPlainObject } from "../../../json/json-value.js";
import type { Finding, LintRule } from "../../../lint/rule.js";
import { apiToolOf } from "../api-tool/load-api-bundles.js";
import type { DifyApiToolConfig } from "../config/dify-api-tool-config.js";
import { DIFY_RULE_PROFILES, isDifyApiTool, operationPointer } from "./dify-api-rule-helpers.js";

/** The Content-Types Dify encodes a body for, exactly as written (fact 68). */
const ENCODED = new Set(["application/json", "application/x-www-form-urlencoded"]);

/**
 * A request body Dify does not send as its document says (facts 60, 68): the first media type is not
 * exactly `application/json` or `application/x-www-form-urlencoded`, so the body is form-encoded under it;
 * or the media types' schemas differ, so the model is shown the last one's fields and the first is sent.
 */
export const difyApiContentType: LintRule<DifyApiToolConfig> = {
  id: "dify-api-content-type",
  severity: "warning",
  profiles: DIFY_RULE_PROFILES,
  description:
    "a Dify API tool's request body sent form-encoded under another Content-Type, or built from another media type than the model is shown",
  docs:
    "Dify's API tool encodes a request body as JSON only when the operation's first media type is exactly " +
    "`application/json`, and with Python's `urlencode` only under exactly `application/x-www-form-urlencoded`; " +
    "under any other (`application/json; charset=utf-8`, `text/plain`, `multipart/form-data` without files) " +
    "it hands the fields to httpx as form data, so the service receives `a=1&b=2` under the declared header. " +
    "And it shows the model the fields of the **last** media type while it sends the **first**. Declare " +
    "exactly `application/json` (no parameters), first and alone.",
  appliesTo: isDifyApiTool,
  check({ config }) {
    const loaded = apiToolOf(config);
    const requestBody = loaded?.bundle.operation.requestBody;
    if (!loaded || !isPlainObject(requestBody) || !isPlainObject(requestBody.content)) return [];
    const media = Object.entries(requestBody.content);
    const [first] = media;
    const last = media.at(-1);
    if (!first || !last) return [];
    const where = operationPointer(config.spec, loaded.bundle.path, loaded.bundle.method);
    const findings: Finding[] = [];
    if (!ENCODED.has(first[0]) && hasFields(first[1]) && !hasFiles(first[1]))
      findings.push({
        message: `${where}: the first media type is "${first[0]}", not exactly application/json: Dify sends the body form-encoded (a=1&b=2) under Content-Type: ${first[0]}`,
        suggestion: 'declare the request body as exactly "application/json"',
      });
    if (media.length > 1 && JSON.stringify(schemaOf(first[1])) !== JSON.stringify(schemaOf(last[1])))
      findings.push({
        message: `${where}: the request body has ${media.length} media types whose schemas differ: Dify shows the model the fields of the last ("${last[0]}") and sends the first ("${first[0]}")`,
        suggestion: "declare one media type",
      });
    return findings;
  },
};

function schemaOf(media: unknown): Record<string, unknown> {
  return isPlainObject(media) && isPlainObject(media.schema) ? media.schema : {};
}

function hasFields(media: unknown): boolean {
  const properties = schemaOf(media).properties;
  return isPlainObject(properties) && Object.keys(properties).length > 0;
}

/** Binary fields are sent as multipart files, with httpx's boundary (fact 69). */
function hasFiles(media: unknown): boolean {
  const properties = schemaOf(media).properties;
  return (
    isPlainObject(properties) &&
    Object.values(properties).some(
      (property) =>
        isPlainObject(property) &&
        (property.format === "binary" ||
          (isPlainObject(property.items) && property.items.format === "binary")),
    )
  );
}
