import type { MediaTypeObject } from "./openapi-document.js";

/** `application/json`, `application/problem+json`, `application/vnd.github+json`; parameters aside. */
export function isJsonMediaType(type: string): boolean {
  const bare = type.split(";")[0]?.trim().toLowerCase() ?? "";
  return bare === "application/json" || bare.endsWith("+json") || bare === "*/*";
}

/** The JSON media type entry of a `content` map, if it has one. */
export function jsonMedia(content: Record<string, MediaTypeObject> | undefined): MediaTypeObject | undefined {
  return jsonMediaEntry(content)?.[1];
}

/**
 * The JSON media type of a `content` map and its entry (`application/problem+json`, `application/json`),
 * before `*\/*`; the type an answer of it is sent as (`application/json` for `*\/*`).
 */
export function jsonMediaEntry(
  content: Record<string, MediaTypeObject> | undefined,
): [type: string, media: MediaTypeObject] | undefined {
  if (!content) return undefined;
  const entry = Object.entries(content).find(([type]) => isJsonMediaType(type) && type !== "*/*");
  if (entry) return entry;
  const any = content["*/*"];
  return any ? ["application/json", any] : undefined;
}

/** Whether a media type is XML: `application/xml`, `text/xml`, `application/atom+xml`; parameters aside. */
export function isXmlMediaType(type: string): boolean {
  const bare = type.split(";")[0]?.trim().toLowerCase() ?? "";
  return bare === "application/xml" || bare === "text/xml" || bare.endsWith("+xml");
}

/**
 * Whether a request's `Content-Type` is one the operation declares: exact, or through a declared
 * wildcard (`application/*`, `*\/*`); parameters such as `charset` aside.
 */
export function declaresContentType(declared: readonly string[], sent: string): string | undefined {
  const bare = sent.split(";")[0]?.trim().toLowerCase() ?? "";
  return declared.find((type) => {
    const wanted = type.split(";")[0]?.trim().toLowerCase() ?? "";
    if (wanted === bare || wanted === "*/*") return true;
    return wanted.endsWith("/*") && bare.startsWith(wanted.slice(0, -1));
  });
}

/** One example of a media type: its `example`, the first of its `examples`, else its schema's `example`. */
export function mediaExample(media: MediaTypeObject | undefined): { value: unknown } | undefined {
  if (!media) return undefined;
  if (media.example !== undefined) return { value: media.example };
  const examples = media.examples;
  if (typeof examples === "object" && examples !== null) {
    for (const example of Object.values(examples)) {
      if (typeof example === "object" && example !== null && "value" in example) {
        return { value: (example as { value: unknown }).value };
      }
    }
  }
  return undefined;
}
