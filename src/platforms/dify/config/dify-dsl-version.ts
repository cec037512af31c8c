import { joinPath } from "../../../config/json-path.js";
import type { LoadSink } from "../../../config/load-sink.js";

/** The newest app DSL version tooldeck reads: Dify's `CURRENT_APP_DSL_VERSION` (reference/dify-tools.md fact 2). */
export const DIFY_DSL_VERSION = "0.6.0";

/**
 * Dify's import checks of `version` (facts 92–93): absent is `0.1.0`; not a string is Dify's own error
 * (`version: 0.6` unquoted is a YAML float); a string that is no version fails the import; a version
 * newer than `DIFY_DSL_VERSION` is read, with a warning, as Dify imports it once the user confirms.
 */
export function checkDifyDslVersion(app: Record<string, unknown>, path: string, sink: LoadSink): void {
  if (!Object.hasOwn(app, "version")) return;
  const where = joinPath(path, "version");
  const version = app.version;
  if (typeof version !== "string") {
    sink.error(where, `Invalid version type, expected str, got <class '${pythonTypeName(version)}'>`);
    return;
  }
  const parts = versionParts(version);
  if (parts === undefined) {
    sink.error(where, `"${version.slice(0, 40)}" is not a DSL version: Dify fails the import`);
    return;
  }
  if (compareParts(parts, versionParts(DIFY_DSL_VERSION) as number[]) > 0)
    sink.warn(
      where,
      `DSL ${version} is newer than ${DIFY_DSL_VERSION}, the newest tooldeck knows: read as ${DIFY_DSL_VERSION} (Dify asks to confirm such an import)`,
    );
}

/** How Python names the type of a value YAML gives it: a YAML `0.6` is a `float`, `1` an `int`. */
function pythonTypeName(value: unknown): string {
  if (value === null || value === undefined) return "NoneType";
  if (typeof value === "number") return Number.isInteger(value) ? "int" : "float";
  if (typeof value === "boolean") return "bool";
  if (Array.isArray(value)) return "list";
  return typeof value === "object" ? "dict" : "str";
}

/** `0.6.0` → [0, 6, 0]; undefined for text no version parser reads. */
function versionParts(version: string): number[] | undefined {
  if (!/^\d{1,9}(\.\d{1,9}){0,3}$/.test(version.trim())) return undefined;
  return version.trim().split(".").map(Number);
}

function compareParts(a: readonly number[], b: readonly number[]): number {
  for (let index = 0; index < Math.max(a.length, b.length); index++) {
    const difference = (a[index] ?? 0) - (b[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}
