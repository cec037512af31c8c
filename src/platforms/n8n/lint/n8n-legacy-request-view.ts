import type { BodyFieldSpec, ParamSpec, RequestToolConfig } from "../../../config/request-tool-config.js";
import { HttpMethodSchema } from "../../../config/request-tool-config.js";
import type { CallView } from "../../platform.js";
import type { N8nHttpToolConfig } from "../config/n8n-http-tool-config.js";
import { defineOwn } from "../schema/json-schema.js";
import { type LegacyParameter, legacyPlan, textOf } from "../schema/legacy-parameters.js";
import { descriptionOf } from "../schema/tool-description.js";

/**
 * The request tool a legacy `toolHttpRequest` node amounts to, for the core's rules on calls: its
 * Method, its URL (`{placeholders}` are already path params), the values the model gives as query and
 * body fields, its fixed rows. Undefined when its URL is an expression.
 */
export function legacyRequestView(config: N8nHttpToolConfig): CallView | undefined {
  const url = textOf(config.parameters.url);
  const method = HttpMethodSchema.safeParse(String(config.parameters.method ?? "GET").toUpperCase());
  if (!method.success || url.includes("{{") || !/^https?:\/\//i.test(url)) return undefined;
  const plan = legacyPlan(config.parameters);
  const view: RequestToolConfig = {
    kind: "request",
    method: method.data,
    name: config.name,
    description: descriptionOf(config),
    url,
    headers: fixedOf(plan, "headers"),
  };
  const params: Record<string, ParamSpec> = {};
  const fields: Record<string, BodyFieldSpec> = {};
  for (const parameter of plan.parameters) {
    if (parameter.key !== undefined) continue;
    if (parameter.sendIn === "path" || parameter.sendIn === "qs") {
      defineOwn(params, parameter.name, {
        ...fieldOf(parameter),
        in: parameter.sendIn === "qs" ? "query" : "path",
      });
    } else if (parameter.sendIn === "body") defineOwn(fields, parameter.name, fieldOf(parameter));
  }
  if (Object.keys(params).length > 0) view.queryParamsSchema = params;
  if (Object.keys(fields).length > 0) view.bodySchema = fields;
  const body = fixedOf(plan, "body");
  if (Object.keys(body).length > 0) view.body = body;
  return {
    config: view,
    pathOf: (path) =>
      path === "url" || path.startsWith("queryParamsSchema") ? "parameters.url" : "parameters",
  };
}

function fieldOf(parameter: LegacyParameter): ParamSpec & BodyFieldSpec {
  const type =
    parameter.type === "number" || parameter.type === "boolean"
      ? parameter.type
      : parameter.type === "json"
        ? "object"
        : "string";
  const field: ParamSpec & BodyFieldSpec = { type, required: parameter.required };
  if (parameter.description) field.description = parameter.description;
  return field;
}

/** A part's fixed rows without placeholders, by name. */
function fixedOf(plan: ReturnType<typeof legacyPlan>, sendIn: "headers" | "body"): Record<string, string> {
  const fixed: Record<string, string> = {};
  for (const part of plan.parts) {
    if (part.sendIn !== sendIn) continue;
    for (const [name, value] of part.fixed)
      if (!/\{[a-zA-Z0-9_-]+\}/.test(value)) defineOwn(fixed, name, value);
  }
  return fixed;
}
