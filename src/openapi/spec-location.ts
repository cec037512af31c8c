import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { ToolDeckError } from "../errors.js";

/** Where a spec document lives: a file, a URL, or nowhere (an object handed in). */
export type SpecLocation = { kind: "file"; path: string } | { kind: "url"; url: string } | { kind: "object" };

/** A document as read: its location, the label errors use for it, and its text. */
export interface SpecText {
  location: SpecLocation;
  label: string;
  text: string;
}

export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** A path or `http(s)://` URL given by the user, as a location; relative paths against `baseDir`. */
export function toSpecLocation(pathOrUrl: string, baseDir?: string): SpecLocation {
  if (/^https?:\/\//i.test(pathOrUrl)) return { kind: "url", url: pathOrUrl };
  return { kind: "file", path: baseDir ? resolve(baseDir, pathOrUrl) : pathOrUrl };
}

/** The location a `$ref` such as `schemas.yaml` points at, relative to the document that holds it. */
export function relativeLocation(from: SpecLocation, ref: string): SpecLocation | undefined {
  if (/^https?:\/\//i.test(ref)) return { kind: "url", url: ref };
  if (from.kind === "url") return { kind: "url", url: new URL(ref, from.url).href };
  if (from.kind === "file") return { kind: "file", path: resolve(dirname(from.path), decodeURI(ref)) };
  return undefined;
}

/** A stable key for a location, so each external document is read once. */
export function locationKey(location: SpecLocation): string {
  if (location.kind === "file") return `file:${resolve(location.path)}`;
  return location.kind === "url" ? location.url : "object:";
}

/** Reads a spec file or downloads a spec URL. Failures are `load` errors naming the file or URL. */
export async function readSpecText(location: SpecLocation, label: string, fetch: FetchLike): Promise<string> {
  if (location.kind === "file") {
    try {
      // Read straight into a string. `fs/promises` `readFile(path, "utf8")` decodes chunk by chunk into
      // a rope that JSON.parse must flatten (~25 ms more on GitHub's 13 MB description), and reading a
      // Buffer first leaves 13 MB of external memory that makes the next full GC pause ~15 ms longer.
      return readFileSync(location.path, "utf8");
    } catch (cause) {
      const code = (cause as NodeJS.ErrnoException).code ?? (cause as Error).message;
      throw new ToolDeckError("load", `${label}: cannot read file (${code})`, { cause });
    }
  }
  if (location.kind === "url") return downloadSpec(location.url, label, fetch);
  throw new ToolDeckError("load", `${label}: a spec given as an object has no location to read from`);
}

async function downloadSpec(url: string, label: string, fetch: FetchLike): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url);
  } catch (cause) {
    throw new ToolDeckError("load", `${label}: cannot download (${(cause as Error).message})`, { cause });
  }
  if (!response.ok) {
    throw new ToolDeckError(
      "load",
      `${label}: cannot download (HTTP ${response.status} ${response.statusText})`,
    );
  }
  return response.text();
}
