import { joinPath } from "../../../config/json-path.js";
import type { LoadSink } from "../../../config/load-sink.js";
import {
  type OpenApiToolkitConfig,
  OpenApiToolkitConfigSchema,
} from "../../../config/openapi-toolkit-config.js";
import { reportZodIssues } from "../../../config/report-zod-issues.js";

/**
 * The inputs of a Flowise `openAPIToolkit` node (2.1: `openApiFile` or `openApiLink` by `inputType`;
 * 2.0: `yamlFile`) as a toolkit config. The uploaded file stays the data URL Flowise stores, which
 * `loadSpec` reads. Flowise's blank inputs (`""`) mean "not set". Without a spec the node cannot run in
 * Flowise either: a warning, and no tool.
 */
export function fromFlowiseToolkitInputs(
  inputs: Record<string, unknown>,
  path: string,
  sink: LoadSink,
): OpenApiToolkitConfig | undefined {
  const spec = specOf(inputs);
  if (!spec) {
    const key =
      inputs.inputType === "link" ? "openApiLink" : "openApiFile" in inputs ? "openApiFile" : "yamlFile";
    sink.warn(joinPath(path, key), 'no OpenAPI file: Flowise fails with "Failed to load OpenAPI spec"');
    return undefined;
  }
  const draft: Record<string, unknown> = { kind: "openapi-toolkit", spec };
  for (const key of ["returnDirect", "removeNulls"] as const)
    if (isSet(inputs[key])) draft[key] = inputs[key];
  for (const key of ["headers", "customCode", "selectedServer", "selectedEndpoints"] as const) {
    if (isSet(inputs[key])) draft[key] = inputs[key];
  }
  const parsed = OpenApiToolkitConfigSchema.safeParse(draft);
  if (parsed.success) return parsed.data;
  reportZodIssues(parsed.error, path, sink.error);
  return undefined;
}

function specOf(inputs: Record<string, unknown>): string | undefined {
  const candidates =
    inputs.inputType === "link" ? [inputs.openApiLink] : [inputs.openApiFile, inputs.yamlFile];
  return candidates.find((value): value is string => typeof value === "string" && value.trim() !== "");
}

/** Flowise saves untouched inputs as `""`. */
function isSet(value: unknown): boolean {
  return value !== undefined && value !== null && value !== "";
}
