import type { OperationIndex } from "../../openapi/operation-index.js";

/**
 * One API a run knows: the OpenAPI description that judges its tools, the hosts its requests go to, and
 * the variable that carries its base URL (`base_url` for the tutorial's `{{$vars.base_url}}/events`).
 */
export interface Api {
  /** As reports name it: the `apis:` key, else the description's title. */
  name: string;
  spec: OperationIndex;
  /** `api.hubapi.com`, `localhost:5566`: lower-case host, with its port when not the scheme's default. */
  hosts: readonly string[];
  baseUrlVar?: string;
  /** Where it was named: `--spec`, `apis.events in tooldeck.config.yaml`, `found among the paths`. */
  from: string;
}

/**
 * The APIs of a run and the `{{$vars…}}` values tool URLs are read with: each tool is matched to at most
 * one API by the host its request goes to (`matchUrl`).
 */
export interface ApiMap {
  apis: readonly Api[];
  /** `--var` values; a variable without one leaves the host unknown. */
  vars: Readonly<Record<string, string>>;
  /**
   * The API every request goes to, whatever its URL: `--base-url` sends every tool to one service, which
   * the single description in play describes.
   */
  everyRequest?: Api;
}

/** `https://API.example.com:443/x` → `api.example.com`; `events.example.com` and `localhost:5566` as written, lower-case. */
export function toHost(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed === "") return undefined;
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`).host;
  } catch {
    return undefined;
  }
}
