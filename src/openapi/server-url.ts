import type { ServerObject } from "./openapi-document.js";

/** A server's URL with each `{variable}` replaced by its default (unknown variables are left as they are). */
export function serverUrlWithDefaults(server: ServerObject): string {
  const variables = server.variables ?? {};
  return server.url.replace(/\{([^{}]+)\}/g, (whole, name: string) => {
    const value = variables[name]?.default;
    return typeof value === "string" || typeof value === "number" ? String(value) : whole;
  });
}

/** Origin and base path of a server URL: `http://localhost:3000/api/v1/` → `http://localhost:3000`, `/api/v1`. */
export function splitServerUrl(url: string): { origin: string | undefined; basePath: string } {
  const absolute = /^([a-z][a-z0-9+.-]*:\/\/[^/?#]*)([^?#]*)/i.exec(url);
  const origin = absolute?.[1]?.toLowerCase();
  const path = absolute ? (absolute[2] ?? "") : (url.split(/[?#]/)[0] ?? "");
  return { origin, basePath: trimSlashes(path) };
}

/** `/api/v1/` → `/api/v1`, `/` and `` → ``. */
export function trimSlashes(path: string): string {
  const trimmed = path.replace(/\/+$/, "");
  if (trimmed === "") return "";
  return trimmed.startsWith("/") ? trimmed : `/${trimmed}`;
}

/**
 * The longest base path of these servers (variables at their defaults) that a URL's path starts with;
 * "" for none. A hint that rewrites a tool's URL keeps it: `https://api.example.com/v2` + `/contacts`.
 */
export function basePathWritten(path: string, servers: readonly ServerObject[]): string {
  const written = servers
    .map((server) => splitServerUrl(serverUrlWithDefaults(server)).basePath)
    .filter((basePath) => basePath !== "" && (path === basePath || path.startsWith(`${basePath}/`)));
  return written.sort((a, b) => b.length - a.length)[0] ?? "";
}
