import {
  type HttpMethod,
  HttpMethodSchema,
  type RequestToolConfig,
} from "../../../../config/request-tool-config.js";
import type { CallView } from "../../../platform.js";
import { customToolViewFix } from "../../fix/custom-tool-view-fix.js";
import type { CustomToolRow, CustomToolSchemaRow } from "../custom-tool-row.js";
import { isKeptType } from "../custom-tool-schema.js";
import { analyseCustomTool } from "./analyse-custom-tool.js";
import { type CodeTemplate, renderTemplate } from "./code-template.js";
import type { HttpCall } from "./http-call.js";

const views = new WeakSet<RequestToolConfig>();

/** Whether a request tool is the view of a Custom Tool's call (its operation hint speaks of code). */
export function isCustomToolCallView(config: RequestToolConfig): boolean {
  return views.has(config);
}

/**
 * Each HTTP call of a Custom Tool's code whose method and URL the code writes out, as the request tool
 * that would send it: `$x` in the path is the path param `:x`, each query key a query param, `$vars.x`
 * the variable `{{$vars.x}}`, the body's `$x` fields its Body Schema and its literal fields its fixed
 * Body. The core's rules on calls judge these like any request tool.
 */
export function customToolCallViews(row: CustomToolRow): CallView[] {
  const analysis = analyseCustomTool(row);
  if (!analysis.ok) return [];
  return analysis.calls.flatMap((call) => {
    const method = HttpMethodSchema.safeParse(call.method);
    if (!method.success || !call.url) return [];
    const config = requestViewOf(row, call, method.data, call.url);
    views.add(config);
    return [
      {
        config,
        pathOf: () => "func",
        prefix: `line ${call.line}: `,
        fixOf: (changes) => customToolViewFix(row, call, config, changes),
      },
    ];
  });
}

function requestViewOf(
  row: CustomToolRow,
  call: HttpCall,
  method: HttpMethod,
  url: CodeTemplate,
): RequestToolConfig {
  const rows = new Map(row.schema.map((schemaRow) => [schemaRow.property, schemaRow]));
  const params: NonNullable<RequestToolConfig["queryParamsSchema"]> = {};
  const rendered = renderTemplate(url, (name) => `:${name}`);
  const [path = "", query] = splitOnce(rendered, "?");
  for (const part of url) {
    if ("property" in part && path.includes(`:${part.property}`))
      params[part.property] = { ...fieldOf(rows.get(part.property)), in: "path", required: true };
  }
  const literalQuery = new URLSearchParams();
  for (const pair of (query ?? "").split("&").filter(Boolean)) {
    const [key = "", value = ""] = splitOnce(pair, "=");
    // A value that is one argument (`'?limit=' + $limit`) is sent as the model gives it: its row's type.
    const argument = /^:(\w+)$/.exec(value)?.[1];
    const row = argument === undefined ? undefined : rows.get(argument);
    params[key] = row ? { ...fieldOf(row), in: "query" } : { type: "string", in: "query" };
    if (!/[:{]/.test(value)) literalQuery.append(key, value);
  }
  const config: RequestToolConfig = {
    kind: "request",
    method,
    name: row.name || "custom_tool",
    description: row.description,
    url: `${path}${literalQuery.size > 0 ? `?${literalQuery}` : ""}`,
    headers: headersOf(call),
  };
  if (Object.keys(params).length > 0) config.queryParamsSchema = params;
  if (call.body) Object.assign(config, bodyOf(call, rows));
  return config;
}

function headersOf(call: HttpCall): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of call.headers) if (value) headers[name] = renderTemplate(value);
  return headers;
}

/** The LLM's fields (`$x`) as the Body Schema, required when the row is and the code always sends them; the rest fixed. */
function bodyOf(call: HttpCall, rows: ReadonlyMap<string, CustomToolSchemaRow>) {
  const bodySchema: NonNullable<RequestToolConfig["bodySchema"]> = {};
  const body: Record<string, unknown> = {};
  for (const field of call.body ?? []) {
    const row = field.property === undefined ? undefined : rows.get(field.property);
    if (row && isKeptType(row.type))
      bodySchema[field.key] = { ...fieldOf(row), required: row.required === true && !field.optional };
    else if (!field.optional) body[field.key] = field.literal ?? null;
  }
  return { bodySchema, body };
}

/**
 * A row as a request tool's field: the JSON type its value is sent as (`date` is a string on the wire)
 * and the description the model reads, which the rules on formats judge.
 */
function fieldOf(row: CustomToolSchemaRow | undefined): {
  type: "string" | "number" | "boolean";
  description?: string;
} {
  const type = row?.type === "number" || row?.type === "boolean" ? row.type : "string";
  return row?.description ? { type, description: row.description } : { type };
}

function splitOnce(text: string, separator: string): [string, string?] {
  const index = text.indexOf(separator);
  return index < 0 ? [text] : [text.slice(0, index), text.slice(index + 1)];
}
