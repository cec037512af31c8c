import { expect, test } from "vitest";
import type { LoadedTool, ToolConfig } from "../../../src/config/tool-config.js";
import { loadSpecIndex } from "../../../src/lint/load-check-inputs.js";
import { packagePath } from "../../../src/package/package-root.js";
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
  expect(costs.get("tools/one.yaml")).toMatchObject({ tools: 1, agent: { label: "tools/one.yaml" } });
  // The tokenizer's ranks take a second to build, many on a busy machine.
}, 120_000);

test("an agent whose configs cannot reach countFrom bytes is neither built nor counted: the tokenizer never loads", async () => {
  const costs = await definitionCosts(inFile("tools/events.yaml", tutorial), {
    profile: "standard",
    countFrom: 64_000,
    loadCounter: refuseToLoad,
  });
  expect(costs.size).toBe(0);
});

test("a toolkit is built, and counted only when its definitions pass countFrom bytes", async () => {
  const toolkit = {
    kind: "openapi-toolkit",
    name: "event_api",
    spec: "event-api.openapi.yaml",
  } as ToolConfig;
  const toolkitSpecs = new Map([
    ["event-api.openapi.yaml", await loadSpecIndex(packagePath("tools", "event-api.openapi.yaml"))],
  ]);
  const tools = inFile("tools/event-toolkit.yaml", [toolkit]);
  const small = await definitionCosts(tools, {
    profile: "standard",
    toolkitSpecs,
    countFrom: 64_000,
    loadCounter: refuseToLoad,
  });
  expect(small.size).toBe(0);
  const counted = await definitionCosts(tools, { profile: "standard", toolkitSpecs, countFrom: 500 });
  expect(counted.get("tools/event-toolkit.yaml")).toMatchObject({ tools: 5 });
});

test("past stopAt tokens the rest is estimated at the same rate, not built", async () => {
  const many = Array.from(
    { length: 40 },
    (_, i) => ({ ...tutorial[i % 4], name: `tool_${i}` }) as ToolConfig,
  );
  const exact = (await definitionCosts(inFile("big.yaml", many), { profile: "standard" })).get("big.yaml");
  const cut = (await definitionCosts(inFile("big.yaml", many), { profile: "standard", stopAt: 1000 })).get(
    "big.yaml",
  );
  expect(exact).toMatchObject({ tools: 40 });
  expect(exact?.estimated).toBeUndefined();
  expect(cut).toMatchObject({ tools: 40, estimated: true });
  // Within a tenth of the count: the four tools' costs differ, the rate is their mean.
  expect(Math.abs((cut?.tokens ?? 0) - (exact?.tokens ?? 0))).toBeLessThan((exact?.tokens ?? 0) / 10);
});

test("an HTTP node is no model's tool; a toolkit without its spec and a config that cannot be built give none", async () => {
  const unbuildable = { kind: "no-such-kind", name: "x" } as unknown as ToolConfig;
  const toolkit: ToolConfig = { kind: "openapi-toolkit", name: "events", spec: "missing.yaml" } as ToolConfig;
  const tools = inFile("flow.json", [untouchedHttpConfig("fetch"), toolkit, unbuildable, tutorial[1]]);
  const costs = await definitionCosts(tools, { profile: "standard", loadCounter: loadTokenCounter });
  expect(costs.get("flow.json")).toMatchObject({ tools: 1, first: tools[1] });
});
