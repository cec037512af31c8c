import { extname } from "node:path";

/** Extensions the emulator reads as text (Flowise has a loader for each; here they are all plain text). */
export const TEXT_EXTENSIONS = [
  ".txt",
  ".md",
  ".markdown",
  ".csv",
  ".tsv",
  ".json",
  ".jsonl",
  ".html",
  ".htm",
  ".xml",
  ".yaml",
  ".yml",
  ".log",
  ".text",
] as const;

const TEXT_MIME_TYPES = new Set([
  "application/json",
  "application/jsonl",
  "application/json-lines",
  "application/xml",
  "application/x-yaml",
  "application/yaml",
  "application/vnd.yaml",
  "application/xhtml+xml",
]);

/** Whether an uploaded file is text: by extension first, and by MIME type when the extension says nothing. */
export function isTextFile(fileName: string, mimeType: string): boolean {
  const extension = extname(fileName).toLowerCase();
  return (TEXT_EXTENSIONS as readonly string[]).includes(extension) || isTextMime(mimeType);
}

function isTextMime(mimeType: string): boolean {
  const bare = mimeType.split(";")[0]?.trim().toLowerCase() ?? "";
  return bare.startsWith("text/") || TEXT_MIME_TYPES.has(bare);
}

/** The one-line refusal for a file the emulator cannot read. */
export function unsupportedFileMessage(fileName: string, mimeType: string): string {
  const type = mimeType ? ` (${mimeType})` : "";
  return `Unsupported file type: ${fileName}${type}; the emulator loads text files only (${TEXT_EXTENSIONS.join(", ")})`;
}
