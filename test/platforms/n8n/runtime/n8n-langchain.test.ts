import type { DynamicStructuredTool } from "@langchain/core/tools";
import { expect, test } from "vitest";
import type { N8nHttpToolConfig } from "../../../../src/platforms/n8n/config/n8n-http-tool-config.js";
import { createTool } from "../../../../src/runtime/create-tools.js";
import { toLangChainTools } from "../../../../src/runtime/langchain/to-langchain-tools.js";

const config: N8nHttpToolConfig = {
  kind: "n8n-http-tool",
  name: "Typed",
  type: "n8n-nodes-base.httpRequestTool",
  typeVersion: 4.2,
  parameters: {
    url: "=http://api.test/items/{{ $fromAI('id') }}",
    sendQuery: true,
    queryParameters: { parameters: [{ name: "n", value: "={{ $fromAI('n', '', 'number') }}" }] },
  },
  credentials: {},
  agent: { type: "@n8n/n8n-nodes-langchain.agent", typeVersion: 3.1 },
};

test("LangChain hands an n8n Agent 3.x tool the model's arguments unchecked, as n8n does (reference facts 13, 15)", async () => {
  const urls: string[] = [];
  const fetch = async (input: string | URL | Request) => {
    urls.push(String(input));
    return Response.json({ ok: true });
  };
  const [executable] = await createTool(config, { fetch });
  const [tool] = toLangChainTools(executable ? [executable] : []) as [DynamicStructuredTool];
  expect(tool.schema).toBe(executable?.inputSchema);
  await tool.invoke({ id: "8", n: "abc", extra: 1, query: { id: "7" } });
  expect(urls).toEqual(["http://api.test/items/7?n=abc"]);
});
