import { dirname, resolve } from "node:path";
import { ToolDeckError } from "../errors.js";
import { ProjectFileError, readProjectFile } from "../project-files/read-project-file.js";
import { downloadSpec } from "./download-spec.js";
import type { ReadPolicy } from "./read-policy.js";

/** Where a spec document lives: a file, a URL, or nowhere (an object handed in). */
export type SpecLocation = { kind: "file"; path: string } | { kind: "url"; url: string } | { kind: "object" };

/** A document as read: its location, the label errors use for it, and its text. */
export interface SpecText {
  location: SpecLocation;
  label: string;
  text: string;
}

/** A path or `http(s)://` URL given by the user, as a location; relative paths against `baseDir`. */
export function toSpecLocation(pathOrUrl: string, baseDir?: string): SpecLocation {
  if (/^https?:\/\//i.test(pathOrUrl)) return { kind: "url", url: pathOrUrl };
  refuseOtherSchemes(pathOrUrl);
  return { kind: "file", path: baseDir ? resolve(baseDir, pathOrUrl) : pathOrUrl };
}

/** The location a `$ref` such as `schemas.yaml` points at, relative to the document that holds it. */
export function relativeLocation(from: SpecLocation, ref: string): SpecLocation | undefined {
  if (/^https?:\/\//i.test(ref)) return { kind: "url", url: ref };
  refuseOtherSchemes(ref);
  if (from.kind === "url") return { kind: "url", url: new URL(ref, from.url).href };
  if (from.kind === "file") return { kind: "file", path: resolve(dirname(from.path), decodeURI(ref)) };
  return undefined;
}

/** `file:`, `ftp:`, `data:` … inside a spec are never read: only paths and (with a flag) http(s). */
function refuseOtherSchemes(ref: string): void {
  const scheme = /^([a-z][a-z0-9+.-]+):/i.exec(ref)?.[1];
  if (scheme)
    throw new ToolDeckError(
      "load",
      `"${ref}" is a ${scheme}: URL; only files in the project and http(s) URLs are read`,
    );
}

/** A stable key for a location, so each external document is read once. */
export function locationKey(location: SpecLocation): string {
  if (location.kind === "file") return `file:${resolve(location.path)}`;
  return location.kind === "url" ? location.url : "object:";
}

/**
 * Reads a spec file or downloads a spec URL (within the policy). Throws a `ProjectFileError` whose
 * message is the reason (`is outside the project …`), for the caller to name the spec or the `$ref`.
 */
export async function readSpecText(location: SpecLocation, policy: ReadPolicy): Promise<string> {
  if (location.kind === "file") {
    // Read straight into a string: reading a Buffer first leaves 13 MB of external memory on GitHub's
    // description, which makes the next full GC pause ~15 ms longer.
    return readProjectFile(location.path, policy.roots ? { roots: policy.roots } : {});
  }
  if (location.kind === "url") return downloadSpec(location.url, policy);
  throw new ProjectFileError("a spec given as an object has no location to read from");
}
