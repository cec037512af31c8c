import type { N8nHttpToolConfig } from "./n8n-http-tool-config.js";

/** `scheme://authority` at the start of a URL, after an expression's `=`. */
const ORIGIN = /^(=?)[a-z][a-z0-9+.-]*:\/\/[^/?#{]*/i;

/**
 * The node aimed at `baseUrl` (`--base-url`): a URL written with its origin (`https://api.example.com/…`,
 * or `=https://api.example.com/{{ … }}`) gets `baseUrl`'s, the path kept. A URL that starts with an
 * expression (`{{ $vars.base_url }}`, a `$fromAI` URL) is left as written: the outbound guard still judges it.
 */
export function n8nToBaseUrl(config: N8nHttpToolConfig, baseUrl: string): N8nHttpToolConfig {
  const url = config.parameters.url;
  if (typeof url !== "string" || !ORIGIN.test(url)) return config;
  return {
    ...config,
    parameters: {
      ...config.parameters,
      url: url.replace(ORIGIN, (_whole, equals: string) => `${equals}${baseUrl}`),
    },
  };
}
