import { expect, test } from "vitest";
import type { LoadedTool, ToolConfig } from "../../../src/config/tool-config.js";
import { definitionCosts } from "../../../src/providers/budget/definition-costs.js";
import { loadTokenCounter } from "../../../src/providers/budget/token-counter.js";
import { untouchedHttpConfig } from "../../support/flowise-http-node.js";
import { tutorialTools } from "../../support/tutorial-tools.js";

const tutorial = tutorialTools("{{$vars.base_url}}/events");
const inFile = (file: string, configs: readonly ToolConfig[]): LoadedTool[] =>
  configs.map((config, i) => ({ config, source: { file, path: `[${i}]` } }));
const refuseToLoad = () => Promise.reject(new Error("the tokenizer was loaded"));

test("the tutorial's four tools cost 486 tokens of definitions (o200k_base), one agent per file", async () => {
  const tools = [...inFile("tools/events.yaml", tutorial), ...inFile("tools/one.yaml", [tutorial[0]])];
  const costs = await definitionCosts(tools, { profile: "standard" });
  const events = costs.get("tools/events.yaml");
  expect({ tools: events?.tools, tokens: events?.tokens, first: events?.first }).toEqual({
    tools: 4,
    tokens: 486,
    first: tools[0],
  });
  expect(events?.bytes).toBeGreaterThan(events?.tokens ?? 0);
  expect(costs.get("tools/one.yaml")).toMatchObject({ tools: 1, agent: { label: "tools/one.yaml" } });
});

test("an agent whose definitions cannot reach countFrom is weighed in bytes and the tokenizer never loads", async () => {
  const costs = await definitionCosts(inFile("tools/events.yaml", tutorial), {
    profile: "standard",
    countFrom: 100_000,
    loadCounter: refuseToLoad,
  });
  const events = costs.get("tools/events.yaml");
  expect(events?.tokens).toBeUndefined();
  expect(events?.bytes).toBeGreaterThan(1000);
});

test("an HTTP node is no model's tool; a toolkit without its spec and a config that cannot be built give none", async () => {
  const unbuildable = { kind: "no-such-kind", name: "x" } as unknown as ToolConfig;
  const toolkit: ToolConfig = { kind: "openapi-toolkit", name: "events", spec: "missing.yaml" } as ToolConfig;
  const tools = inFile("flow.json", [untouchedHttpConfig("fetch"), toolkit, unbuildable, tutorial[1]]);
  const costs = await definitionCosts(tools, { profile: "standard", loadCounter: loadTokenCounter });
  expect(costs.get("flow.json")).toMatchObject({ tools: 1, first: tools[1] });
});
