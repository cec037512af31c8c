import { ToolDeckError } from "../../../errors.js";
import { projectRoot } from "../../../project-files/project-root.js";
import { ProjectFileError } from "../../../project-files/read-project-file.js";
import type { DifyApiToolConfig } from "../config/dify-api-tool-config.js";
import { apiDocumentLabel, readApiDocument } from "./api-document-source.js";
import { type DifyApiBundle, difyApiBundles } from "./api-tool-bundle.js";
import { parseDifyApiDocument } from "./parse-api-document.js";

/** A provider's document and the one tool of it a config names. */
export interface LoadedApiTool {
  document: Record<string, unknown>;
  bundle: DifyApiBundle;
}

/**
 * Reads the config's provider document (`spec`, inside `roots`: the project by default, as every file
 * a config names; or inline, a `data:` URL read from a running Dify) and finds the tool it names among those Dify makes of it. A document Dify refuses, or
 * a name none of its tools has, is one `load` error naming the file.
 */
export function loadApiTool(config: DifyApiToolConfig, roots?: readonly string[]): LoadedApiTool {
  const label = apiDocumentLabel(config.spec);
  const text = readDocument(config.spec, roots ?? [projectRoot()]);
  const parsed = parseDifyApiDocument(text);
  if (!parsed.ok) throw new ToolDeckError("load", `${label}: ${parsed.message}`);
  const bundles = difyApiBundles(parsed.document);
  if (!bundles.ok) throw new ToolDeckError("load", `${label}: ${bundles.message}`);
  const bundle = bundles.bundles.find((candidate) => candidate.name === config.name);
  if (!bundle)
    throw new ToolDeckError(
      "load",
      `${label}: provider ${config.provider} has no tool named "${config.name}" (its tools: ${bundles.bundles.map((one) => one.name).join(", ") || "none"})`,
    );
  return { document: parsed.document, bundle };
}

/** The last reading of each document, by path: lint rules and call views of many tools of one provider read it once. */
const READ = new Map<string, { text: string; document: Record<string, unknown>; bundles: DifyApiBundle[] }>();

/**
 * The config's document and tool for lint rules and call views, which cannot fail: undefined when the
 * document cannot be read, Dify refuses it or has no such tool (running the tool says why). Read inside
 * the project (the working directory's repository), parsed again only when its text changed.
 */
export function apiToolOf(config: DifyApiToolConfig): LoadedApiTool | undefined {
  let text: string;
  try {
    text = readApiDocument(config.spec, [projectRoot()]);
  } catch {
    return undefined;
  }
  let read = READ.get(config.spec);
  if (read?.text !== text) {
    const parsed = parseDifyApiDocument(text);
    const bundles = parsed.ok ? difyApiBundles(parsed.document) : parsed;
    if (!parsed.ok || !bundles.ok) return undefined;
    read = { text, document: parsed.document, bundles: bundles.bundles };
    READ.set(config.spec, read);
  }
  const bundle = read.bundles.find((candidate) => candidate.name === config.name);
  return bundle ? { document: read.document, bundle } : undefined;
}

function readDocument(path: string, roots: readonly string[]): string {
  try {
    return readApiDocument(path, roots);
  } catch (error) {
    if (error instanceof ProjectFileError) throw new ToolDeckError("load", `${path} ${error.message}`);
    throw error;
  }
}
