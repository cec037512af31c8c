import type { HttpCredential, HttpNodeConfig, KeyValue } from "../../config/http-node-config.js";
import { hasHeader } from "../http-exchange.js";
import { toolProfileOf } from "../profiles/tool-profile-of.js";
import type { ToolRuntimeOptions } from "../runtime-options.js";
import type { ToolRequest } from "../tool-result.js";
import { resolveVariablesDeep, unknownVariableHint } from "../variables.js";
import { encodeHttpBody } from "./encode-http-body.js";

export type BuiltHttpRequest = { ok: true; request: ToolRequest } | { ok: false; error: string };

/**
 * The request an HTTP node sends: variables resolved in URL, header and query values, body and
 * credential; credential headers first, then the configured headers (blank keys skipped, and blank
 * values where the profile skips them, as Flowise 3.1.4 does); query params appended with `?` or `&`;
 * no body for GET. Unknown variables are errors under `standard` and stay literal under `flowise`, as
 * in request tools.
 */
export function buildHttpRequest(config: HttpNodeConfig, options: ToolRuntimeOptions): BuiltHttpRequest {
  const rules = toolProfileOf(options.profile).httpNode;
  const resolved = resolveVariablesDeep(
    {
      url: config.url,
      headers: config.headers,
      queryParams: config.queryParams,
      body: config.body,
      credential: config.credential,
    },
    options,
    { keepUnknown: rules.keepsUnknownVariables },
  );
  if (!resolved.ok) return { ok: false, error: unknownVariable(resolved.unknown, options) };
  const node = resolved.value as Pick<
    HttpNodeConfig,
    "url" | "headers" | "queryParams" | "body" | "credential"
  >;
  if (node.url.trim() === "") return { ok: false, error: "URL is required" };
  const request: ToolRequest = {
    method: config.method,
    url: withQuery(node.url.trim(), node.queryParams),
    headers: { ...credentialHeaders(node.credential), ...toHeaders(node.headers, rules.skipsEmptyHeaders) },
  };
  if (config.method === "GET" || node.body === undefined) return { ok: true, request };
  const encoded = encodeHttpBody(config.bodyType ?? "json", node.body, rules);
  if (!encoded.ok) return encoded;
  request.body = encoded.body.text;
  if (encoded.body.contentType && !hasHeader(request.headers, "content-type")) {
    request.headers["Content-Type"] = encoded.body.contentType;
  }
  return { ok: true, request };
}

function unknownVariable(name: string, options: ToolRuntimeOptions): string {
  return `unknown variable {{${name}}}${unknownVariableHint(name, options)}`;
}

function withQuery(url: string, params: readonly KeyValue[]): string {
  const query = new URLSearchParams(params.map((param) => [param.key, param.value])).toString();
  if (query === "") return url;
  return `${url}${url.includes("?") ? "&" : "?"}${query}`;
}

function toHeaders(rows: readonly KeyValue[], skipEmptyValues: boolean): Record<string, string> {
  const sent = rows.filter((row) => row.key.trim() !== "" && !(skipEmptyValues && row.value === ""));
  return Object.fromEntries(sent.map((row) => [row.key, row.value]));
}

function credentialHeaders(credential: HttpCredential | undefined): Record<string, string> {
  switch (credential?.type) {
    case undefined:
      return {};
    case "basic":
      return {
        Authorization: `Basic ${Buffer.from(`${credential.username}:${credential.password}`).toString("base64")}`,
      };
    case "bearer":
      return { Authorization: `Bearer ${credential.token}` };
    case "apiKey":
      return { [credential.key]: credential.value };
  }
}
