import { describeType, isPlainObject } from "../json/json-value.js";
import type { ExportLoader, PlatformEntry } from "../platforms/platform.js";
import type { PlatformName } from "../platforms/platform-names.js";
import { PLATFORM_ENTRIES, platformNamed } from "../platforms/registry.js";
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
  const shapes = PLATFORM_ENTRIES.map((platform) => platform.shapes).join(", ");
  sink.error(path, `not a tool config: expected "kind" (tooldeck format), ${shapes}`);
}

/**
 * The platform loader a value is an export of. The entries tell the platform without loading it (its
 * loaders were loaded for the file: `preparePlatforms`); a value with a `kind` is an export only of a
 * platform whose exports carry that kind (Dify's `kind: app`), so tooldeck's own `kind`s never reach a
 * platform's shape tests.
 */
function exportLoaderOf(value: Record<string, unknown>): ExportLoader | undefined {
  const entry = exportEntryOf(value);
  const kind = "kind" in value ? value.kind : undefined;
  return (
    entry &&
    platformNamed(entry.name).loaders.find(
      (loader) => (kind === undefined || loader.kind === kind) && loader.detects(value),
    )
  );
}

/** The entry of the platform a value is an export of, by `exportLoaderOf`'s rule. */
function exportEntryOf(value: Record<string, unknown>): PlatformEntry | undefined {
  const kind = "kind" in value ? value.kind : undefined;
  return PLATFORM_ENTRIES.find(
    (entry) => (kind === undefined || entry.exportKind === kind) && entry.detects(value),
  );
}

/** The platforms whose loaders a config file's content needs (its values in platforms' shapes or kinds). */
export function platformsOfDocument(document: unknown, into: Set<PlatformName>): void {
  for (const value of Array.isArray(document) ? document : [document]) {
    if (!isPlainObject(value)) continue;
    const entry =
      exportEntryOf(value) ??
      ("kind" in value
        ? PLATFORM_ENTRIES.find((candidate) => candidate.toolKinds.includes(String(value.kind)))
        : undefined);
    if (entry) into.add(entry.name);
  }
}
