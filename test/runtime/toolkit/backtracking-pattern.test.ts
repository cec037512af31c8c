import { describe, expect, test } from "vitest";
import { checkSchema } from "../../../src/lint/probe/schema-check.js";
import { loadSpec } from "../../../src/openapi/load-spec.js";
import { createOperationIndex } from "../../../src/openapi/operation-index.js";
import { toLangChainTools } from "../../../src/runtime/langchain/to-langchain-tools.js";
import type { ExecutableTool } from "../../../src/runtime/tool-result.js";
import { createToolkit } from "../../../src/runtime/toolkit/create-toolkit.js";
import { craftedText, HOSTILE_CASES } from "../../support/hostile-patterns.js";
import { recordingFetch } from "../../support/recording-fetch.js";

/**
 * A pull request's spec and scenario can script both sides: a `pattern` that backtracks exponentially
 * and a model's argument crafted against it. Run by JavaScript's RegExp, `((a+))+$` takes about 2^n
 * steps on n a's and a `!`, so these runs would stall until CI kills them; RE2 matches them in linear
 * time, so the pattern is kept, given to the model and enforced.
 */
async function hostileToolkit(
  pattern: string,
  fetch: ReturnType<typeof recordingFetch>["fetch"],
): Promise<ExecutableTool> {
  const spec = await loadSpec({
    openapi: "3.0.3",
    info: { title: "Hostile", version: "1" },
    servers: [{ url: "http://api.test" }],
    paths: {
      "/notes": {
        post: {
          operationId: "createNote",
          requestBody: {
            content: {
              "application/json": {
                schema: { type: "object", properties: { text: { type: "string", pattern, minLength: 2 } } },
              },
            },
          },
          responses: { "201": { description: "created" } },
        },
      },
    },
  });
  const tools = await createToolkit(
    { kind: "openapi-toolkit", spec: "hostile.yaml" },
    { spec: createOperationIndex(spec), fetch },
  );
  return tools[0] as ExecutableTool;
}

describe("a spec pattern that backtracks exponentially is matched in linear time", () => {
  test.each(HOSTILE_CASES)(
    "a standard toolkit tool gives the model $pattern and judges $length crafted characters by it",
    async ({ pattern, matches, length }) => {
      const { fetch, requests } = recordingFetch();
      const tool = await hostileToolkit(pattern, fetch);
      expect(JSON.stringify(tool.inputSchema)).toContain(JSON.stringify(pattern));
      const result = await tool.invoke({ RequestBody: { text: craftedText(length) } });
      expect(result.ok).toBe(matches);
      if (!matches) expect(result.output).toContain(`RequestBody.text must match pattern "${pattern}"`);
      expect(requests).toHaveLength(matches ? 1 : 0);
    },
  );

  test.each(HOSTILE_CASES)(
    "inside an agent too: LangChain's validator never runs $pattern ($length characters)",
    async ({ pattern, matches, length }) => {
      const { fetch } = recordingFetch();
      const [tool] = toLangChainTools([await hostileToolkit(pattern, fetch)]);
      const message = await tool?.invoke({
        type: "tool_call",
        id: "call_1",
        name: "createNote",
        args: { RequestBody: { text: craftedText(length) } },
      });
      expect(message).toMatchObject({ status: matches ? "success" : "error" });
      expect(tool?.schema).toMatchObject({
        properties: { RequestBody: { properties: { text: { pattern } } } },
      });
    },
  );

  test.each(HOSTILE_CASES)(
    "a probe's check of an answer judges $length crafted characters by $pattern",
    ({ pattern, matches, length }) => {
      expect(checkSchema({ type: "string", pattern }, craftedText(length))).toBe(
        matches ? undefined : `(root) must match pattern "${pattern}"`,
      );
      const properties = { type: "object", patternProperties: { [pattern]: { type: "number" } } };
      expect(checkSchema(properties, { [craftedText(length)]: "not a number" })).toBe(
        matches ? `/${craftedText(length)} must be number` : undefined,
      );
    },
  );

  test("a pattern RE2 cannot run is left out, and the rest of its schema still holds", async () => {
    const { fetch } = recordingFetch();
    const tool = await hostileToolkit("^(?!admin)\\w+$", fetch);
    expect(JSON.stringify(tool.inputSchema)).not.toContain("admin");
    expect((await tool.invoke({ RequestBody: { text: "admin" } })).ok).toBe(true);
    expect((await tool.invoke({ RequestBody: { text: "a" } })).output).toContain(
      "must NOT have fewer than 2",
    );
    expect(checkSchema({ type: "string", pattern: "(a)\\1", maxLength: 1 }, "aa")).toBe(
      "(root) must NOT have more than 1 characters",
    );
  });
});
