import type { DifyHttpRequestConfig } from "./dify-http-request-config.js";

/** `scheme://authority` written at the start of a URL, no variable in the authority. */
const ORIGIN = /^[a-z][a-z0-9+.-]*:\/\/[^/?#{]*/i;

/**
 * The node aimed at `baseUrl` (`--base-url`): a URL written with its origin (`https://api.example.com/…`)
 * gets `baseUrl`'s, the path kept. A URL that starts with a variable (`{{#env.base_url#}}/events`) is left
 * as written: give the variable with `--var base_url=…`; the outbound guard still judges where it goes.
 */
export function difyHttpToBaseUrl(config: DifyHttpRequestConfig, baseUrl: string): DifyHttpRequestConfig {
  if (!ORIGIN.test(config.url)) return config;
  return { ...config, url: config.url.replace(ORIGIN, baseUrl) };
}
