import type { MediaTypeObject } from "./openapi-document.js";

/** `application/json`, `application/problem+json`, `application/vnd.github+json`; parameters aside. */
export function isJsonMediaType(type: string): boolean {
  const bare = type.split(";")[0]?.trim().toLowerCase() ?? "";
  return bare === "application/json" || bare.endsWith("+json") || bare === "*/*";
}

/** The JSON media type entry of a `content` map, if it has one. */
export function jsonMedia(content: Record<string, MediaTypeObject> | undefined): MediaTypeObject | undefined {
  if (!content) return undefined;
  const entry = Object.entries(content).find(([type]) => isJsonMediaType(type) && type !== "*/*");
  return (entry ?? Object.entries(content).find(([type]) => type === "*/*"))?.[1];
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
