import { decodeDataUrl, isDataUrl } from "../../../openapi/data-url.js";
import { readProjectFile } from "../../../project-files/read-project-file.js";

/**
 * A provider's document handed to its tools inline, as their `spec` (read from a running Dify, which
 * holds no file of it): a `data:` URL, as Flowise stores an uploaded spec, named `dify:tool-provider/<name>`.
 * @example
 * inlineDocumentSpec("weather", "openapi: 3.0.0 …"); // "data:text/plain;base64,…,filename:dify:tool-provider/weather"
 */
export function inlineDocumentSpec(provider: string, text: string): string {
  const name = `dify:tool-provider/${provider.replaceAll(",", "%2C")}`;
  return `data:text/plain;base64,${Buffer.from(text, "utf8").toString("base64")},filename:${name}`;
}

/** A tool's `spec` as messages name it: an inline document by its name (`dify:tool-provider/weather`), a path as is. */
export function apiDocumentLabel(spec: string): string {
  if (!isDataUrl(spec)) return spec;
  return /,filename:([^,]*)$/.exec(spec)?.[1] || "<data URL>";
}

/**
 * The text of a tool's `spec`: an inline document decoded, a path read inside `roots` as every file a
 * config names. Throws `ProjectFileError` (a path) or `ToolDeckError` (a malformed data URL).
 */
export function readApiDocument(spec: string, roots: readonly string[]): string {
  return isDataUrl(spec) ? decodeDataUrl(spec).text : readProjectFile(spec, { roots });
}
