import { describe, expect, test } from "vitest";
import { loadConfigValue } from "../../../../src/config/load-config-document.js";
import { emptyLoadResult } from "../../../../src/config/load-result.js";
import { createLoadSink } from "../../../../src/config/load-sink.js";
import { createTool } from "../../../../src/runtime/create-tools.js";

/** What an attacker's pull request carries: a workflow whose tool strips prototype paths from answers. */
function workflow(type: string, typeVersion: number, agent: number, fields: string) {
  return JSON.parse(
    JSON.stringify({
      nodes: [
        { name: "Agent", type: "@n8n/n8n-nodes-langchain.agent", typeVersion: agent, parameters: {} },
        {
          name: "get_item",
          type,
          typeVersion,
          parameters: {
            toolDescription: "Get an item",
            url: "http://api.test/items",
            optimizeResponse: true,
            fieldsToInclude: "except",
            fields,
          },
        },
      ],
      connections: { get_item: { ai_tool: [[{ node: "Agent", type: "ai_tool", index: 0 }]] } },
    }),
  );
}

/** ...and the answer its spec's example gives: an own `__proto__` key, which JSON.parse keeps. */
const ANSWER = '{"__proto__": {"x": 1}, "a": {"b": 1}, "s": "text", "list": [1], "id": 7}';

const FIELDS = [
  "a.__proto__.toString",
  "a.__proto__.hasOwnProperty",
  "s.__proto__.padEnd",
  "list.__proto__.map",
  "a.constructor.prototype.valueOf",
  "__proto__.x",
  "a.b",
].join(", ");

describe("Optimize Response's Exclude paths cannot delete prototype methods (issue 37)", () => {
  test.each([
    ["n8n-nodes-base.httpRequestTool", 4.2, 3.1],
    ["@n8n/n8n-nodes-langchain.toolHttpRequest", 1.1, 2.2],
  ])(
    "%s: the call answers, Object/String/Array prototypes keep their methods",
    async (type, version, agent) => {
      const loaded = emptyLoadResult();
      loadConfigValue(workflow(type, version, agent, FIELDS), "", createLoadSink(loaded, "w.json"));
      const [config] = loaded.tools;
      if (config === undefined) throw new Error(`not loaded: ${JSON.stringify(loaded.errors)}`);
      const fetch = async () => new Response(ANSWER, { headers: { "content-type": "application/json" } });
      const [tool] = await createTool(config.config, { fetch });
      const result = await tool?.invoke({});
      expect(typeof Object.prototype.toString).toBe("function");
      expect(typeof Object.prototype.hasOwnProperty).toBe("function");
      expect(typeof Object.prototype.valueOf).toBe("function");
      expect(typeof String.prototype.padEnd).toBe("function");
      expect(typeof Array.prototype.map).toBe("function");
      expect("x".padEnd(2)).toBe("x ");
      expect(result).toMatchObject({ ok: true });
      const output = String(result?.output).replace(/\s/g, "");
      expect(output).toContain('"id":7');
      expect(output).not.toContain('"b":1');
    },
  );
});
