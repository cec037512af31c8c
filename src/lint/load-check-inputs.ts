import type { LoadResult } from "../config/load-result.js";
import type { LoadedTool } from "../config/tool-config.js";
import { loadSpec } from "../openapi/load-spec.js";
import { createOperationIndex, type OperationIndex } from "../openapi/operation-index.js";
import type { SpecReadOptions } from "../openapi/spec-read-options.js";
import type { Profile } from "../profile.js";
import { toolProfileOf } from "../runtime/profiles/tool-profile-of.js";
import type { Diagnostic } from "./diagnostic.js";

const LOAD_CODES = { error: "config-invalid", warning: "config-warning", info: "config-note" } as const;

/** Load errors, warnings and notes of the configs, as diagnostics of their files. */
export function loadDiagnostics(loaded: LoadResult): Diagnostic[] {
  const toDiagnostic =
    (severity: keyof typeof LOAD_CODES) => (issue: { file: string; path: string; message: string }) => ({
      code: LOAD_CODES[severity],
      severity,
      tool: "",
      file: issue.file,
      path: issue.path,
      message: issue.message,
    });
  return [
    ...loaded.errors.map(toDiagnostic("error")),
    ...loaded.warnings.map(toDiagnostic("warning")),
    ...(loaded.notes ?? []).map(toDiagnostic("info")),
  ];
}

/** Loads and indexes an OpenAPI description; throws a one-line `load` error. */
export async function loadSpecIndex(
  path: string,
  read: SpecReadOptions = {},
  options: { requireResponses?: boolean } = {},
): Promise<OperationIndex> {
  return createOperationIndex(await loadSpec(path, read), options);
}

/**
 * The spec of every OpenAPI toolkit, loaded once per path. A spec that cannot be loaded is a diagnostic
 * on the toolkit, not the end of the check.
 */
export async function loadToolkitSpecs(
  tools: readonly LoadedTool[],
  read: SpecReadOptions = {},
  profile: Profile = "standard",
): Promise<{ specs: Map<string, OperationIndex>; diagnostics: Diagnostic[] }> {
  // Flowise's toolkit validates nothing: an operation without `responses` is no error under flowise.
  const index = { requireResponses: toolProfileOf(profile).requiresResponses };
  const specs = new Map<string, OperationIndex>();
  const diagnostics: Diagnostic[] = [];
  for (const { config, source } of tools) {
    if (config.kind !== "openapi-toolkit" || specs.has(config.spec)) continue;
    try {
      specs.set(config.spec, await loadSpecIndex(config.spec, read, index));
    } catch (error) {
      diagnostics.push({
        code: "config-invalid",
        severity: "error",
        tool: config.name ?? source.file,
        file: source.file,
        path: source.path ? `${source.path}.spec` : "spec",
        message: (error as Error).message,
      });
    }
  }
  return { specs, diagnostics };
}
