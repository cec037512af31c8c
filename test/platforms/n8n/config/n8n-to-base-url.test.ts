import { expect, test } from "vitest";
import type { N8nHttpToolConfig } from "../../../../src/platforms/n8n/config/n8n-http-tool-config.js";
import { toBaseUrl } from "../../../../src/runtime/outbound/to-base-url.js";
import { currentNode } from "../support/n8n-nodes.js";

const node = (url: unknown) => currentNode({ url });

test.each([
  ["a literal URL", "https://api.example.com/v1/items?x=1", "http://127.0.0.1:8080/v1/items?x=1"],
  [
    "an expression written with its origin",
    "=https://api.example.com/items/{{ $fromAI('id') }}",
    "=http://127.0.0.1:8080/items/{{ $fromAI('id') }}",
  ],
  ["a URL from $vars, left as written", "={{ $vars.base_url }}/items", "={{ $vars.base_url }}/items"],
  ["a URL the model writes, left as written", "={{ $fromAI('url') }}", "={{ $fromAI('url') }}"],
  ["no URL", undefined, undefined],
])("--base-url aims an n8n node: %s", (_name, url, aimed) => {
  const config = toBaseUrl(node(url), "http://127.0.0.1:8080/") as N8nHttpToolConfig;
  expect(config.parameters.url).toBe(aimed);
});
