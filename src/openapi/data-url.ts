import { ToolDeckError } from "../errors.js";

/** A spec handed over inline: its text, and the file name Flowise appends (`,filename:api.yaml`). */
export interface DataUrlSpec {
  text: string;
  filename: string | undefined;
}

const DATA_URL = /^data:([^,]*?)(;base64)?,(.*)$/s;

/**
 * Decodes a `data:` URL, as Flowise stores an uploaded OpenAPI file (`data:application/x-yaml;base64,…,filename:event-api.yaml`).
 * A malformed one is a `load` error.
 */
export function decodeDataUrl(url: string): DataUrlSpec {
  const match = DATA_URL.exec(url);
  if (!match) throw new ToolDeckError("load", "<data URL>: not a data URL (data:[type][;base64],content)");
  const [, , base64, rest = ""] = match;
  const suffix = /,filename:([^,]*)$/.exec(rest);
  const payload = suffix ? rest.slice(0, suffix.index) : rest;
  const filename = suffix?.[1] || undefined;
  try {
    const text = base64 ? Buffer.from(payload, "base64").toString("utf8") : decodeURIComponent(payload);
    return { text, filename };
  } catch (cause) {
    throw new ToolDeckError("load", `${filename ?? "<data URL>"}: cannot decode the data URL`, { cause });
  }
}

export function isDataUrl(source: string): boolean {
  return source.startsWith("data:");
}
