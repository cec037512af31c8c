import { describe, expect, test } from "vitest";
import { loadConfigValue } from "../../../src/config/load-config-document.js";
import { emptyLoadResult } from "../../../src/config/load-result.js";
import { createLoadSink } from "../../../src/config/load-sink.js";
import { lint } from "../../../src/lint/lint.js";
import { createTool } from "../../../src/runtime/create-tools.js";
import { hostileParameters } from "./support/hostile-texts.js";

/** 256 KB: the quadratic reading took 14 s on 72 KB, about three minutes on this, far past the timeout. */
const SIZE = 256_000;

/** A workflow whose one HTTP tool holds the hostile text in its URL, a query row and its JSON body. */
function workflow(text: string): unknown {
  const parameters = {
    toolDescription: "Get an item",
    url: `${text}/items`,
    sendQuery: true,
    queryParameters: { parameters: [{ name: "q", value: text }] },
    sendBody: true,
    specifyBody: "json",
    jsonBody: text,
  };
  return JSON.parse(
    JSON.stringify({
      nodes: [
        { name: "Agent", type: "@n8n/n8n-nodes-langchain.agent", typeVersion: 3.1, parameters: {} },
        { name: "Get Item", type: "n8n-nodes-base.httpRequestTool", typeVersion: 4.2, parameters },
      ],
      connections: { "Get Item": { ai_tool: [[{ node: "Agent", type: "ai_tool", index: 0 }]] } },
    }),
  );
}

describe("an n8n workflow written to make loading quadratic loads in linear time (issue 37)", () => {
  const shapes = Object.entries(hostileParameters(SIZE));

  test.each(shapes)("%s: loaded, linted and made a tool", async (shape, text) => {
    const loaded = emptyLoadResult();
    loadConfigValue(workflow(text), "", createLoadSink(loaded, "w.json"));
    const diagnostics = lint(loaded.tools, { profile: "n8n" });
    for (const tool of loaded.tools) await createTool(tool.config);
    const outcome = loaded.tools.length === 1 ? "a tool" : loaded.errors[0]?.message.slice(0, 80);
    expect({
      shape,
      outcome,
      findings: diagnostics.length > 0 || loaded.errors.length > 0,
    }).toMatchSnapshot();
  });
});
