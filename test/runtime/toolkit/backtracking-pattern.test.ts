import { describe, expect, test } from "vitest";
import { checkSchema } from "../../../src/lint/probe/schema-check.js";
import { loadSpec } from "../../../src/openapi/load-spec.js";
import { createOperationIndex } from "../../../src/openapi/operation-index.js";
import { toLangChainTools } from "../../../src/runtime/langchain/to-langchain-tools.js";
import type { ExecutableTool } from "../../../src/runtime/tool-result.js";
import { createToolkit } from "../../../src/runtime/toolkit/create-toolkit.js";
import { recordingFetch } from "../../support/recording-fetch.js";

/**
 * A pull request's spec and scenario can script both sides: a `pattern` that backtracks exponentially
 * and a model's argument crafted against it. Run by JavaScript's RegExp, `^(a+)+$` takes about 2^n
 * steps on n a's and a `!`: at 40 the run stalls for hours, until CI kills it. Such a pattern is never
 * run. The crafted text here is 26 a's (~0.3 s when run), so that a regression fails these tests
 * rather than stalls them.
 */
const EVIL = "^(a+)+$";
const CRAFTED = `${"a".repeat(26)}!`;

async function hostileToolkit(fetch: ReturnType<typeof recordingFetch>["fetch"]): Promise<ExecutableTool> {
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
                schema: { type: "object", properties: { text: { type: "string", pattern: EVIL } } },
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

describe("a spec pattern that backtracks exponentially is never run", () => {
  test("a standard toolkit tool leaves it out of the schema the model is given, and sends the crafted text", async () => {
    const { fetch, requests } = recordingFetch();
    const tool = await hostileToolkit(fetch);
    expect(JSON.stringify(tool.inputSchema)).not.toContain("(a+)+");
    const result = await tool.invoke({ RequestBody: { text: CRAFTED } });
    expect(result.ok).toBe(true);
    expect(JSON.parse(requests[0]?.body ?? "")).toEqual({ text: CRAFTED });
  });

  test("inside an agent too (LangChain validates the schema it was given)", async () => {
    const { fetch } = recordingFetch();
    const [tool] = toLangChainTools([await hostileToolkit(fetch)]);
    const message = await tool?.invoke({
      type: "tool_call",
      id: "call_1",
      name: "createNote",
      args: { RequestBody: { text: CRAFTED } },
    });
    expect(message).toMatchObject({ status: "success" });
  });

  test("a probe's check of an answer against it passes the crafted text", () => {
    expect(checkSchema({ type: "string", pattern: EVIL }, CRAFTED)).toBeUndefined();
    const properties = { type: "object", patternProperties: { [EVIL]: { type: "number" } } };
    expect(checkSchema(properties, { [CRAFTED]: "not a number" })).toBeUndefined();
  });

  test("a safe pattern is still given and enforced", () => {
    expect(checkSchema({ type: "string", pattern: "^a+$" }, CRAFTED)).toBe(
      '(root) must match pattern "^a+$"',
    );
  });
});
