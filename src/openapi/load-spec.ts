import { dirname, join, resolve } from "node:path";
import { ToolDeckError } from "../errors.js";
import type { FetchLike } from "../net/fetch-like.js";
import type { ResolveHost } from "../net/resolve-host.js";
import { confineNamedPath } from "../project-files/named-path.js";
import { projectRoot } from "../project-files/project-root.js";
import { decodeDataUrl, isDataUrl } from "./data-url.js";
import { forEachRef } from "./for-each-ref.js";
import { toPointer } from "./json-pointer.js";
import type { OpenApiDocument } from "./openapi-document.js";
import { parseSpecText } from "./parse-spec-text.js";
import type { ReadPolicy } from "./read-policy.js";
import { isLeftForLater, type RefDocument, resolveRefs } from "./resolve-refs.js";
import {
  locationKey,
  readSpecText,
  relativeLocation,
  type SpecLocation,
  toSpecLocation,
} from "./spec-location.js";

/** A loaded OpenAPI description with every `$ref` resolved (shared, so cycles stay cycles). */
export interface OpenApiSpec {
  document: OpenApiDocument;
  /** How errors name the spec: the path or URL as given, or `<spec object>`. */
  label: string;
  location: SpecLocation;
  /** "3.0" or "3.1", from the `openapi` field. */
  version: "3.0" | "3.1";
  /** `info.title`, or the label when the title is missing. */
  title: string;
}

/** How `loadSpec` reads a description: its label in messages, the roots its files and `$ref`s stay inside, remote `$ref`s, lazy resolution. */
export interface LoadSpecOptions {
  /** Used for spec URLs and URL `$ref`s; default the global fetch. */
  fetch?: FetchLike;
  /** Relative spec paths are read from here (a toolkit config's folder); default the working directory. */
  baseDir?: string;
  /** How errors name the spec; default the path or URL as given. */
  label?: string;
  /**
   * Resolve the `$ref`s under `components`, `webhooks`, top-level extensions and the operations'
   * `responses` and `callbacks` when those are first read, not now: what building tools needs (parameters, request bodies and the
   * schemas they point at) is resolved at once, the rest only if used. A third of the time on
   * GitHub's description; a broken `$ref` in a part not yet read is thrown when it is read.
   */
  lazyRefs?: boolean;
  /**
   * Folders the files named by `$ref`s must be inside (symlinks followed), besides the spec's own
   * folder; default the repository of the working directory (docs/security.md). The spec file itself
   * was named by the caller: it is held to the size and regular-file limits, and may not be reached
   * through a symlink that leads out of these folders.
   */
  roots?: readonly string[];
  /**
   * The spec path was written in a config (a toolkit's `spec:`), not named by the user: the spec file
   * itself must be inside `roots` too. Default false.
   */
  confineSpec?: boolean;
  /** Download http(s) specs and `$ref`s (never from an address that is not globally reachable). Default false. */
  allowRemoteRefs?: boolean;
  /** How private addresses are told apart when downloading; default DNS. */
  resolveHost?: ResolveHost;
}

/**
 * Loads an OpenAPI 3.0 or 3.1 description from a file (YAML or JSON), an http(s) URL, a `data:` URL (as
 * Flowise stores an uploaded spec) or a parsed object, and resolves its `$ref`s: local pointers, other files relative to the spec, other URLs.
 * Swagger 2.0 and unreadable or malformed documents throw one `load` error naming the file and the
 * JSON pointer, e.g. `tools/api.yaml#/paths/~1events/get: $ref "#/components/schemas/X" does not resolve`.
 * @example
 * const spec = await loadSpec("tools/event-api.openapi.yaml");
 * const index = createOperationIndex(spec);
 */
export async function loadSpec(
  source: string | Record<string, unknown>,
  options: LoadSpecOptions = {},
): Promise<OpenApiSpec> {
  const policy: ReadPolicy = {
    fetch: options.fetch ?? globalThis.fetch,
    allowRemote: options.allowRemoteRefs === true,
    resolveHost: options.resolveHost,
  };
  const given = options.roots ?? [projectRoot()];
  // A spec the caller named is read as named, but never through a symlink out of the roots.
  if (typeof source === "string" && !isDataUrl(source) && !/^https?:\/\//i.test(source))
    confineNamedPath(source, given, options.baseDir);
  const main = await readMainDocument(
    source,
    options,
    options.confineSpec ? { ...policy, roots: given } : policy,
  );
  const version = checkOpenApiVersion(main);
  const roots = [...given, ...folderOf(main.location)];
  const documents = await loadReferencedDocuments(main, { ...policy, roots });
  const document = resolveRefs(main, documents, {
    keepRefSiblings: version === "3.1",
    lazy: options.lazyRefs === true,
  }).root as OpenApiDocument;
  checkTopLevel(document, main.label);
  const title =
    typeof document.info?.title === "string" && document.info.title ? document.info.title : main.label;
  return { document, label: main.label, location: main.location, version, title };
}

/** The spec document, and whether its text may hold `$ref`s to other documents. */
interface MainDocument extends RefDocument {
  mayReferOut: boolean;
}

/** Quick test on the text: `$ref` values that do not start with `#` name another document. */
const EXTERNAL_REF = /\$ref['"]?\s*:\s*['"]?[^'"#\s]/;

function folderOf(location: SpecLocation): string[] {
  return location.kind === "file" ? [dirname(resolve(location.path))] : [];
}

async function readMainDocument(
  source: string | Record<string, unknown>,
  options: LoadSpecOptions,
  policy: ReadPolicy,
): Promise<MainDocument> {
  if (typeof source !== "string") {
    const label = options.label ?? "<spec object>";
    return { location: { kind: "object" }, label, root: structuredClone(source), mayReferOut: true };
  }
  if (isDataUrl(source)) {
    const { text, filename } = decodeDataUrl(source);
    const label = options.label ?? filename ?? "<data URL>";
    return {
      location: { kind: "object" },
      label,
      root: parseSpecText(text, label),
      mayReferOut: EXTERNAL_REF.test(text),
    };
  }
  const location = toSpecLocation(source, options.baseDir);
  const label = options.label ?? source;
  let text: string;
  try {
    text = await readSpecText(location, policy);
  } catch (cause) {
    throw new ToolDeckError("load", `${label}: ${(cause as Error).message}`, { cause });
  }
  return { location, label, root: parseSpecText(text, label), mayReferOut: EXTERNAL_REF.test(text) };
}

function checkOpenApiVersion(main: RefDocument): "3.0" | "3.1" {
  const root = main.root;
  if (typeof root !== "object" || root === null || Array.isArray(root)) {
    throw new ToolDeckError("load", `${main.label}: not an OpenAPI document (expected an object at the top)`);
  }
  const { swagger, openapi } = root as Record<string, unknown>;
  if (swagger !== undefined) {
    throw new ToolDeckError(
      "load",
      `${main.label}: Swagger ${String(swagger)} is not supported; convert it to OpenAPI 3.0 or 3.1 first`,
    );
  }
  if (typeof openapi !== "string") {
    throw new ToolDeckError("load", `${main.label}#/openapi: missing; not an OpenAPI 3.0 or 3.1 document`);
  }
  const match = /^3\.([01])\.\d+/.exec(openapi);
  if (!match) {
    throw new ToolDeckError(
      "load",
      `${main.label}#/openapi: version "${openapi}" is not supported (3.0.x or 3.1.x)`,
    );
  }
  return match[1] === "0" ? "3.0" : "3.1";
}

function checkTopLevel(document: OpenApiDocument, label: string) {
  for (const key of ["info", "paths", "components"] as const) {
    if (isLeftForLater(document, key)) continue; // an object, left unresolved until read
    const value = document[key];
    if (value !== undefined && (typeof value !== "object" || value === null || Array.isArray(value))) {
      throw new ToolDeckError("load", `${label}${toPointer([key])}: expected an object`);
    }
  }
}

/** Reads every document the spec's `$ref`s name, transitively, so resolution itself can stay sync. */
async function loadReferencedDocuments(
  main: MainDocument,
  policy: ReadPolicy,
): Promise<Map<string, RefDocument>> {
  const documents = new Map<string, RefDocument>([[locationKey(main.location), main]]);
  if (!main.mayReferOut) return documents;
  const queue: RefDocument[] = [main];
  for (let doc = queue.shift(); doc; doc = queue.shift()) {
    for (const { file, path } of externalRefs(doc)) {
      const where = `${doc.label}${toPointer(path)}`;
      const location = locate(doc.location, file, where);
      if (!location)
        throw new ToolDeckError(
          "load",
          `${where}: $ref "${file}" is refused: a spec given inline (a data: URL or an object) has no folder to read files from`,
        );
      if (documents.has(locationKey(location))) continue;
      const referenced = await readReferenced(
        location,
        labelFor(doc, file, location),
        `${where}: $ref "${file}"`,
        policy,
      );
      documents.set(locationKey(location), referenced);
      queue.push(referenced);
    }
  }
  return documents;
}

function externalRefs(doc: RefDocument): { file: string; path: readonly (string | number)[] }[] {
  const refs: { file: string; path: readonly (string | number)[] }[] = [];
  forEachRef(doc.root, (ref, path) => {
    const file = ref.split("#")[0] ?? "";
    if (file !== "") refs.push({ file, path });
  });
  return refs;
}

function locate(from: SpecLocation, file: string, where: string): SpecLocation | undefined {
  try {
    return relativeLocation(from, file);
  } catch (cause) {
    throw new ToolDeckError("load", `${where}: $ref ${(cause as Error).message}`, { cause });
  }
}

/**
 * Reads and parses the document a `$ref` names; `subject` (`api.yaml#/paths/…: $ref "x.yaml"`) starts
 * every error: `… $ref "/etc/passwd" is outside the project (…); widen it with --root`.
 */
async function readReferenced(location: SpecLocation, label: string, subject: string, policy: ReadPolicy) {
  let text: string;
  try {
    text = await readSpecText(location, policy);
  } catch (cause) {
    const reason = (cause as Error).message;
    const joined = reason.startsWith("is ") ? `${subject} ${reason}` : `${subject}: ${reason}`;
    throw new ToolDeckError("load", joined, { cause });
  }
  try {
    return { location, label, root: parseSpecText(text, label) };
  } catch (cause) {
    throw new ToolDeckError("load", `${subject}: ${(cause as Error).message}`, { cause });
  }
}

function labelFor(from: RefDocument, file: string, location: SpecLocation): string {
  if (location.kind === "url") return location.url;
  return from.location.kind === "file" ? join(dirname(from.label), decodeURI(file)) : file;
}
