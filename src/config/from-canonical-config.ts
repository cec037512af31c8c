import { dirname, isAbsolute, join } from "node:path";
import { z } from "zod";
import { describeType, isPlainObject } from "../json/json-value.js";
import { PLATFORM_ENTRIES, platformToolKind } from "../platforms/registry.js";
import { invalidJsonMessage, parseFlowiseJson } from "./flowise-json.js";
import { fromCanonicalHttp } from "./from-canonical-http.js";
import { joinPath } from "./json-path.js";
import type { LoadSink } from "./load-sink.js";
import { type OpenApiToolkitConfig, OpenApiToolkitConfigSchema } from "./openapi-toolkit-config.js";
import { reportZodIssues } from "./report-zod-issues.js";
import { DEFAULT_DESCRIPTIONS, DEFAULT_TOOL_NAMES } from "./request-defaults.js";
import {
  BodyFieldSpecSchema,
  HttpMethodSchema,
  ParamSpecSchema,
  type RequestToolConfig,
  RequestToolConfigSchema,
} from "./request-tool-config.js";
import type { ToolConfig } from "./tool-config.js";

/** tools/ files are tooldeck's own format: unknown keys are typos worth an error, at every level. */
const StrictRequestToolConfigSchema = RequestToolConfigSchema.extend({
  queryParamsSchema: z
    .record(
      z.string(),
      ParamSpecSchema.extend({
        in: z.enum(["path", "query"], { error: 'expected "path" or "query"' }).optional(),
      }).strict(),
    )
    .optional(),
  bodySchema: z.record(z.string(), BodyFieldSpecSchema.strict()).optional(),
}).strict();

type CanonicalLoader = (
  value: Record<string, unknown>,
  path: string,
  sink: LoadSink,
) => ToolConfig | undefined;

/** One loader per `kind`; the OpenAPI toolkit and HTTP node add theirs here. */
const CANONICAL_LOADERS: Readonly<Record<string, CanonicalLoader>> = {
  request: fromCanonicalRequest,
  "openapi-toolkit": fromCanonicalToolkit,
  http: fromCanonicalHttp,
};

/** A config in tooldeck's own format (`kind: request` …), validated; undefined when it has errors. */
export function fromCanonicalConfig(
  value: Record<string, unknown>,
  path: string,
  sink: LoadSink,
): ToolConfig | undefined {
  const kind = typeof value.kind === "string" ? value.kind : undefined;
  const loader =
    kind === undefined ? undefined : (CANONICAL_LOADERS[kind] ?? platformToolKind(kind)?.fromCanonical);
  if (loader) return loader(value, path, sink) as ToolConfig | undefined;
  const expected = [
    ...Object.keys(CANONICAL_LOADERS),
    ...PLATFORM_ENTRIES.flatMap((entry) => entry.toolKinds),
  ]
    .map((kind) => `"${kind}"`)
    .join(" | ");
  sink.error(joinPath(path, "kind"), `expected ${expected}, received ${JSON.stringify(value.kind)}`);
  return undefined;
}

/**
 * A request tool in the tools/ format: method in any case, headers as an object or a JSON string, and
 * Flowise's default name and description for its method when they are missing.
 */
export function fromCanonicalRequest(
  value: Record<string, unknown>,
  path: string,
  sink: LoadSink,
): RequestToolConfig | undefined {
  const draft = { ...value };
  if (typeof draft.method === "string") draft.method = draft.method.toUpperCase();
  if (typeof draft.headers === "string") {
    const headers = parseHeaderText(draft.headers);
    if (!headers.ok) {
      sink.error(joinPath(path, "headers"), headers.message);
      return undefined;
    }
    draft.headers = headers.value;
  }
  const method = HttpMethodSchema.safeParse(draft.method);
  // The defaults depend on the method: without a valid one, only the method is worth reporting.
  draft.name ??= method.success ? DEFAULT_TOOL_NAMES[method.data] : "-";
  draft.description ??= method.success ? DEFAULT_DESCRIPTIONS[method.data] : "";
  const parsed = StrictRequestToolConfigSchema.safeParse(draft);
  if (parsed.success) return parsed.data;
  reportZodIssues(parsed.error, path, sink.error);
  return undefined;
}

/**
 * An OpenAPI toolkit in the tools/ format. A relative `spec` path is relative to the config file, so it is
 * resolved here, where the file is known: the runtime then reads it from anywhere. An absolute one is
 * kept as it is.
 */
function fromCanonicalToolkit(
  value: Record<string, unknown>,
  path: string,
  sink: LoadSink,
): OpenApiToolkitConfig | undefined {
  const parsed = OpenApiToolkitConfigSchema.strict().safeParse(value);
  if (!parsed.success) {
    reportZodIssues(parsed.error, path, sink.error);
    return undefined;
  }
  const given = parsed.data.spec;
  const spec =
    /^(https?:\/\/|data:)/i.test(given) || isAbsolute(given) ? given : join(dirname(sink.file), given);
  return { ...parsed.data, spec };
}

function parseHeaderText(text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  if (text.trim() === "") return { ok: true, value: {} };
  const parsed = parseFlowiseJson(text);
  if (!parsed.ok) return { ok: false, message: invalidJsonMessage(parsed) };
  if (isPlainObject(parsed.value)) return { ok: true, value: parsed.value };
  return { ok: false, message: `expected a JSON object, received ${describeType(parsed.value)}` };
}
