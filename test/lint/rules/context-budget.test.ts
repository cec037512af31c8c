import { beforeAll, describe, expect, test } from "vitest";
import type { LoadedTool, ToolConfig } from "../../../src/config/tool-config.js";
import { lint } from "../../../src/lint/lint.js";
import { loadSpecIndex } from "../../../src/lint/load-check-inputs.js";
import { contextBudget } from "../../../src/lint/rules/context-budget.js";
import { loadSpec } from "../../../src/openapi/load-spec.js";
import { createOperationIndex, type OperationIndex } from "../../../src/openapi/operation-index.js";
import { packagePath } from "../../../src/package/package-root.js";
import type { ContextBudget } from "../../../src/providers/budget/context-budget.js";
import { definitionCosts } from "../../../src/providers/budget/definition-costs.js";
import { currentNode } from "../../platforms/n8n/support/n8n-nodes.js";
import { tutorialTools } from "../../support/tutorial-tools.js";
import { requestTool } from "../support/test-rule.js";

/** A record of 40 short fields: about 1,350 characters, as a CRM contact or a ticket weighs. */
const RECORD = {
  type: "object",
  properties: Object.fromEntries(
    Array.from({ length: 40 }, (_, i) => [`field_${i}`, { type: "string", maxLength: 20 }]),
  ),
};
const json = (schema: unknown) => ({
  200: { description: "ok", content: { "application/json": { schema } } },
});

let events: OperationIndex;
let records: OperationIndex;
beforeAll(async () => {
  events = await loadSpecIndex(packagePath("tools", "event-api.openapi.yaml"));
  records = createOperationIndex(
    await loadSpec({
      openapi: "3.1.0",
      info: { title: "Records", version: "1" },
      servers: [{ url: "http://api.test" }],
      paths: {
        "/records": {
          get: { operationId: "listRecords", responses: json({ type: "array", items: RECORD }) },
        },
        "/pages": {
          get: {
            operationId: "listPages",
            parameters: [{ name: "limit", in: "query", schema: { type: "integer", maximum: 500 } }],
            responses: json({ type: "object", properties: { data: { type: "array", items: RECORD } } }),
          },
        },
        "/records/{id}": { get: { operationId: "getRecord", responses: json(RECORD) } },
      },
    }),
  );
});

const listRecords = requestTool({ name: "list_records", url: "http://api.test/records" });
const listPages = requestTool({ name: "list_pages", url: "http://api.test/pages" });

function judge(
  configs: readonly ToolConfig[],
  options: { spec?: () => OperationIndex; budget?: ContextBudget; format?: "flowise" } = {},
): string[] {
  const tools: LoadedTool[] = configs.map((config, i) => ({
    config,
    source: {
      file: "tools/agent.yaml",
      path: `[${i}]`,
      ...(options.format ? { format: options.format } : {}),
    },
  }));
  return lint(tools, {
    profile: "standard",
    rules: [contextBudget],
    spec: (options.spec ?? (() => records))(),
    ...(options.budget ? { budget: options.budget } : {}),
  }).map((d) => `${d.severity} ${d.tool}: ${d.message} | ${d.suggestion ?? ""}`);
}

const budgetOf = (tokens: number, definitions?: ContextBudget["definitions"]): ContextBudget => ({
  limit: { tokens, source: "--context-budget" },
  ...(definitions ? { definitions } : {}),
});

describe("answers", () => {
  test("the tutorial's tools fit: no finding on a normal tool", () => {
    const tutorial = tutorialTools("http://localhost:5566/events");
    const uncut = tutorial.map(({ maxOutputLength: _cut, ...config }) => config);
    expect(judge([...tutorial, ...uncut], { spec: () => events })).toEqual([]);
  });

  test("a single record, or a list cut short enough, fits", () => {
    const getRecord = requestTool({ name: "get_record", url: "http://api.test/records/:id" });
    expect(judge([getRecord, { ...listRecords, maxOutputLength: 8000 }])).toEqual([]);
  });

  test("a list of large records nothing bounds can overflow: cut it where the config cuts", () => {
    expect(judge([listRecords])).toEqual([
      "warning list_records: the answer of GET /records (listRecords) is a list (the answer) with no maxItems and no page size, not cut: 1,000 of its items (about 1,352 characters each) are about 338,000 tokens, over the context budget of 128,000 tokens (the default) | set maxOutputLength in the tool's config",
    ]);
  });

  test("in a Flowise export, the advice names Flowise's field", () => {
    expect(judge([listRecords], { format: "flowise" })[0]).toMatch(
      / \| set Max Output Length on the tool in Flowise$/,
    );
  });

  test("a page size the model may raise to 500: over the budget is an error, over half a warning", () => {
    expect(judge([listPages], { budget: budgetOf(300_000) })).toEqual([
      "warning list_pages: the answer of GET /pages (listPages) (500 items by limit (at most 500), about 1,352 characters each) is about 169,001 tokens, more than half the context budget of 300,000 tokens (--context-budget) | set maxOutputLength in the tool's config",
    ]);
    expect(judge([listPages], { budget: budgetOf(400_000) })).toEqual([]);
    expect(judge([listPages])).toEqual([
      "error list_pages: the answer of GET /pages (listPages) (500 items by limit (at most 500), about 1,352 characters each) is about 169,001 tokens, over the context budget of 128,000 tokens (the default) | set maxOutputLength in the tool's config",
    ]);
  });

  test("a cut that lets more through than the budget holds: lower it", () => {
    expect(judge([{ ...listRecords, maxOutputLength: 1_000_000 }], { budget: budgetOf(200_000) })).toEqual([
      "error list_records: the answer of GET /records (listRecords) (cut at 1,000,000 characters) is about 250,000 tokens, over the context budget of 200,000 tokens (--context-budget) | lower the cut",
    ]);
  });

  test("max output length 0 is output-length's finding, not this rule's", () => {
    expect(judge([{ ...listRecords, maxOutputLength: 0 }])).toEqual([]);
  });

  test("n8n: Optimize Response off is named; Truncate Response within the budget fits", () => {
    const node = (parameters: Record<string, unknown>) =>
      currentNode({ url: "http://api.test/records", ...parameters }, { name: "List Records" });
    expect(judge([node({})])).toEqual([
      "warning List_Records: the answer of GET /records (listRecords) is a list (the answer) with no maxItems and no page size, not cut: 1,000 of its items (about 1,352 characters each) are about 338,000 tokens, over the context budget of 128,000 tokens (the default) | turn on Optimize Response in the node: keep the fields the model needs under Field Containing Data, or read it as Text with Truncate Response",
    ]);
    const truncated = {
      optimizeResponse: true,
      responseType: "text",
      truncateResponse: true,
      maxLength: 20_000,
    };
    expect(judge([node(truncated)])).toEqual([]);
  });
});

describe("definitions", () => {
  const tutorial = tutorialTools("http://localhost:5566/events");
  let measured: ContextBudget["definitions"];
  beforeAll(async () => {
    const tools = tutorial.map((config, i) => ({
      config,
      source: { file: "tools/agent.yaml", path: `[${i}]` },
    }));
    measured = await definitionCosts(tools, { profile: "standard" });
    // The tokenizer's ranks take a second to build, many on a busy machine.
  }, 120_000);
  const judged = (tokens: number) =>
    // Judged with a spec none of them calls: only the definitions are.
    judge(tutorial, { budget: budgetOf(tokens, measured) });

  test("the tutorial's 486 tokens under half the budget: no finding", () => {
    expect(judged(1000)).toEqual([]);
  });

  test("over half the budget: a warning on the agent's first tool", () => {
    expect(judged(900)).toEqual([
      "warning get_events: the 4 tool definitions of tools/agent.yaml cost 486 tokens, more than half of the context budget of 900 (--context-budget) | split the tools between agents, or give this agent only the operations it needs",
    ]);
  });

  test("over the budget: every request fails, an error, and no answer is judged again", () => {
    expect(judge(tutorial, { spec: () => events, budget: budgetOf(400, measured) })).toEqual([
      "error get_events: the 4 tool definitions of tools/agent.yaml cost 486 tokens, over the context budget of 400 (--context-budget): every request to its model overflows | split the tools between agents, or give this agent only the operations it needs",
    ]);
  });

  test("an answer is judged against what the definitions leave", async () => {
    const cut = { ...listRecords, maxOutputLength: 3000 };
    const tools = [cut].map((config, i) => ({
      config,
      source: { file: "tools/agent.yaml", path: `[${i}]` },
    }));
    const definitions = await definitionCosts(tools, { profile: "standard" });
    const spent = definitions.get("tools/agent.yaml")?.tokens ?? 0;
    expect(judge([cut], { budget: budgetOf(spent + 700, definitions) })).toEqual([
      `error list_records: the answer of GET /records (listRecords) (cut at 3,000 characters) is about 750 tokens, over the 700 tokens the context budget of ${(spent + 700).toLocaleString("en")} tokens (--context-budget) leaves after the agent's tool definitions (${spent}) | lower the cut`,
    ]);
  });
});
