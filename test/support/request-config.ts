import type { RequestToolConfig } from "../../src/config/request-tool-config.js";

/** A GET request tool of the given URL and headers: a config as a test writes it. */
export function requestConfig(url: string, headers: Record<string, string> = {}): RequestToolConfig {
  return { kind: "request", method: "GET", name: "t", description: "d", url, headers };
}
