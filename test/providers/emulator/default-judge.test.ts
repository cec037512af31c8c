import { expect, test } from "vitest";
import { createProviderEmulator } from "../../../src/providers/emulator/create-provider-emulator.js";
import { defaultJudge } from "../../../src/providers/emulator/default-judge.js";
import type { EmulatedProvider } from "../../../src/providers/emulator/provider-emulator-options.js";

async function send(provider: EmulatedProvider, path: string, body: unknown) {
  const emulator = createProviderEmulator(provider, {
    judge: defaultJudge(provider),
    requestId: () => "req_test",
    script: [{ answer: "Hi." }],
  });
  const response = await emulator.fetch(
    new Request(`http://127.0.0.1${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
  );
  return { status: response.status, text: await response.text() };
}

const schema = { type: "object", properties: { q: { type: "string" } } };

test("served emulators judge with the provider gate's rules: Anthropic refuses a name with a space", async () => {
  const body = {
    model: "claude-sonnet-4",
    max_tokens: 100,
    messages: [{ role: "user", content: "hi" }],
    tools: [{ name: "get events", input_schema: schema }],
  };
  const answer = await send("anthropic", "/v1/messages", body);
  expect(answer.status).toBe(400);
  expect(answer.text).toContain("tools.0.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'");
  const fixed = await send("anthropic", "/v1/messages", {
    ...body,
    tools: [{ name: "get_events", input_schema: schema }],
  });
  expect(fixed.status).toBe(200);
});

test("Gemini refuses additionalProperties, which its LangChain client strips but a raw request may send", async () => {
  const declaration = { name: "get_events", parameters: { ...schema, additionalProperties: false } };
  const answer = await send("gemini", "/v1beta/models/gemini-2.5-flash:generateContent", {
    contents: [{ role: "user", parts: [{ text: "hi" }] }],
    tools: [{ functionDeclarations: [declaration] }],
  });
  expect(answer.status).toBe(400);
  expect(answer.text).toContain('Unknown name \\"additionalProperties\\"');
});
