import { describeType, isPlainObject } from "../json/json-value.js";
import type { ExportLoader } from "../platforms/platform.js";
import { PLATFORMS } from "../platforms/registry.js";
import { fromCanonicalConfig } from "./from-canonical-config.js";
import { joinPath } from "./json-path.js";
import type { LoadSink } from "./load-sink.js";

/** The content of one config file: one config or an array of them. */
export function loadConfigDocument(document: unknown, sink: LoadSink): void {
  if (!Array.isArray(document)) {
    loadConfigValue(document, "", sink);
    return;
  }
  document.forEach((value, index) => {
    loadConfigValue(value, joinPath("", index), sink);
  });
}

/**
 * One config, whichever of the accepted shapes it has: tooldeck's own (`kind`), or one of a platform's
 * export shapes (a Flowise flow export, a chatflow from Flowise's API, the input keys of a Flowise node).
 */
export function loadConfigValue(value: unknown, path: string, sink: LoadSink): void {
  if (!isPlainObject(value)) {
    sink.error(path, `expected a tool config object, received ${describeType(value)}`);
    return;
  }
  const loader = exportLoaderOf(value);
  if (loader) {
    loader.load(value, path, sink);
    return;
  }
  if ("kind" in value) {
    const config = fromCanonicalConfig(value, path, sink);
    if (config) sink.tool(config, path);
    return;
  }
  const shapes = PLATFORMS.map((platform) => platform.shapes).join(", ");
  sink.error(path, `not a tool config: expected "kind" (tooldeck format), ${shapes}`);
}

/**
 * The platform loader a value is an export of: a value with a `kind` only by a loader claiming that kind
 * (Dify's `kind: app`), so tooldeck's own `kind`s never reach a platform's shape tests.
 */
function exportLoaderOf(value: Record<string, unknown>): ExportLoader | undefined {
  const kind = "kind" in value ? value.kind : undefined;
  for (const platform of PLATFORMS) {
    const loader = platform.loaders.find(
      (candidate) =>
        ("kind" in value ? candidate.kind !== undefined && candidate.kind === kind : true) &&
        candidate.detects(value),
    );
    if (loader) return loader;
  }
  return undefined;
}
