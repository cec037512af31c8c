import { expect, test } from "vitest";
import { loadTokenCounter } from "../../../src/providers/budget/token-counter.js";
import { toolDefinitionText } from "../../../src/providers/budget/tool-definition-text.js";

test("counts o200k_base tokens: the figures OpenAI's tokenizer gives", async () => {
  const count = await loadTokenCounter();
  expect(count("")).toBe(0);
  expect(count("hello world")).toBe(2);
  const weather = toolDefinitionText({
    name: "get_weather",
    description: "Get the weather",
    inputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
  });
  expect(weather).toBe(
    '{"type":"function","function":{"name":"get_weather","description":"Get the weather","parameters":{"type":"object","properties":{"city":{"type":"string"}},"required":["city"]}}}',
  );
  expect(count(weather)).toBe(39);
  // The tokenizer's ranks take a second to build, many on a busy machine.
}, 120_000);

test("a description holding a special token is counted as text, never refused", async () => {
  const count = await loadTokenCounter();
  // js-tiktoken throws on `<|endoftext|>` by default: a tool's description must not stop the lint.
  expect(count("<|endoftext|>")).toBeGreaterThan(1);
});

test("the tokenizer is loaded once", async () => {
  expect(await loadTokenCounter()).toBe(await loadTokenCounter());
});
