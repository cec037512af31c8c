import type { DifyHttpRequestConfig } from "./dify-http-request-config.js";

/** `scheme://authority` at the start of a URL, up to a reference in the host. */
const ORIGIN = /^[a-z][a-z0-9+.-]*:\/\/[^/?#{]*/i;

/**
 * The node aimed at `baseUrl` (`--base-url`): a URL written with its origin (`https://api.example.com/…`)
 * gets `baseUrl`'s, the path kept. A URL that starts with a reference (`{{#env.base_url#}}/events`) is
 * left as written: `--var base_url=…` sets it, and the outbound guard still judges it.
 */
export function difyToBaseUrl(config: DifyHttpRequestConfig, baseUrl: string): DifyHttpRequestConfig {
  return ORIGIN.test(config.url) ? { ...config, url: config.url.replace(ORIGIN, baseUrl) } : config;
}
