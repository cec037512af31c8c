import type { DifyHttpRequestConfig } from "../../config/dify-http-request-config.js";
import { DifyNodeError } from "../dify-node-error.js";
import type { DifyVariablePool } from "../dify-variable-pool.js";
import { pythonSplitLines, pythonStrip } from "../python-lines.js";
import { renderDifyTemplate } from "../render-dify-template.js";

/**
 * The node's URL rendered, then checked as `Executor._init_url` checks it (reference/dify-tools.md fact
 * 26): empty → `url is required`, not `http://`/`https://` → `url should start with http:// or https://`.
 * Dify encodes nothing itself.
 */
export function nodeUrl(config: DifyHttpRequestConfig, pool: DifyVariablePool): string {
  const url = renderDifyTemplate(config.url, pool);
  if (url === "") throw new DifyNodeError("InvalidURLError", "url is required");
  if (!url.startsWith("http://") && !url.startsWith("https://"))
    throw new DifyNodeError("InvalidURLError", "url should start with http:// or https://");
  return url;
}

/**
 * The params text split into lines **first**, then each key and value rendered (fact 28, `_init_params`):
 * a newline a variable holds stays in its value; blank lines and empty keys are skipped; a key said twice
 * is sent twice. Undefined when no line gives a param (the URL's own query is then sent as it is).
 */
export function nodeParams(
  config: DifyHttpRequestConfig,
  pool: DifyVariablePool,
): [string, string][] | undefined {
  const params: [string, string][] = [];
  for (const raw of pythonSplitLines(config.params)) {
    const line = pythonStrip(raw);
    if (line === "") continue;
    const colon = line.indexOf(":");
    const key = pythonStrip(colon < 0 ? line : line.slice(0, colon));
    if (key === "") continue;
    const value = colon < 0 ? "" : pythonStrip(line.slice(colon + 1));
    params.push([renderDifyTemplate(key, pool), renderDifyTemplate(value, pool)]);
  }
  return params.length > 0 ? params : undefined;
}

/**
 * The header text rendered **whole**, then split into lines (fact 27, `_init_headers`): a variable holding
 * a line break adds headers of its own. Each line splits at its first `:` (none: the value is `""`); keys
 * and values are stripped; a key said twice keeps its first place and its last value; keys are compared
 * exactly (`X-A` and `x-a` are two).
 */
export function nodeHeaders(config: DifyHttpRequestConfig, pool: DifyVariablePool): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of pythonSplitLines(renderDifyTemplate(config.headers, pool))) {
    if (pythonStrip(line) === "") continue;
    const colon = line.indexOf(":");
    const key = pythonStrip(colon < 0 ? line : line.slice(0, colon));
    headers.set(key, colon < 0 ? "" : pythonStrip(line.slice(colon + 1)));
  }
  return headers;
}
