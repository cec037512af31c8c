import type { StoredFile } from "../model/document-store-model.js";
import { isTextFile, unsupportedFileMessage } from "./text-file-type.js";

/** A file as a request delivers it: multipart part or a data URI in a loader config. */
export interface UploadedFile {
  name: string;
  mimeType: string;
  bytes: Uint8Array;
}

const DATA_URI = /^data:([^;,]*)(?:;[^,]*)?;base64,([^,]*)(?:,filename:(.*))?$/is;

/** Reads an uploaded file as text, refusing types the emulator cannot load. */
export function toStoredFile(file: UploadedFile): StoredFile {
  if (!isTextFile(file.name, file.mimeType))
    throw new Error(unsupportedFileMessage(file.name, file.mimeType));
  return {
    name: file.name,
    mimeType: file.mimeType,
    size: file.bytes.byteLength,
    text: new TextDecoder("utf-8").decode(file.bytes),
  };
}

/**
 * A Flowise base64 file value, `data:text/plain;base64,SGVsbG8=,filename:hello.txt`, as an upload;
 * undefined when the value is not one. Without a `filename:` part the file is called `file`.
 */
export function fromDataUri(value: string): UploadedFile | undefined {
  const match = DATA_URI.exec(value.trim());
  if (!match) return undefined;
  const [, mimeType = "", base64 = "", name] = match;
  return { name: name?.trim() || "file", mimeType, bytes: Buffer.from(base64, "base64") };
}
