import { ToolDeckError } from "../../../errors.js";
import { projectRoot } from "../../../project-files/project-root.js";
import { ProjectFileError, readProjectFile } from "../../../project-files/read-project-file.js";
import type { DifyApiToolConfig } from "../config/dify-api-tool-config.js";
import { type DifyApiBundle, difyApiBundles } from "./api-tool-bundle.js";
import { parseDifyApiDocument } from "./parse-api-document.js";

/** A provider's document and the one tool of it a config names. */
export interface LoadedApiTool {
  document: Record<string, unknown>;
  bundle: DifyApiBundle;
}

/**
 * Reads the config's provider document (`spec`, inside `roots`: the project by default, as every file
 * a config names) and finds the tool it names among those Dify makes of it. A document Dify refuses, or
 * a name none of its tools has, is one `load` error naming the file.
 */
export function loadApiTool(config: DifyApiToolConfig, roots?: readonly string[]): LoadedApiTool {
  const text = readDocument(config.spec, roots ?? [projectRoot()]);
  const parsed = parseDifyApiDocument(text);
  if (!parsed.ok) throw new ToolDeckError("load", `${config.spec}: ${parsed.message}`);
  const bundles = difyApiBundles(parsed.document);
  if (!bundles.ok) throw new ToolDeckError("load", `${config.spec}: ${bundles.message}`);
  const bundle = bundles.bundles.find((candidate) => candidate.name === config.name);
  if (!bundle)
    throw new ToolDeckError(
      "load",
      `${config.spec}: provider ${config.provider} has no tool named "${config.name}" (its tools: ${bundles.bundles.map((one) => one.name).join(", ") || "none"})`,
    );
  return { document: parsed.document, bundle };
}

function readDocument(path: string, roots: readonly string[]): string {
  try {
    return readProjectFile(path, { roots });
  } catch (error) {
    if (error instanceof ProjectFileError) throw new ToolDeckError("load", `${path} ${error.message}`);
    throw error;
  }
}
