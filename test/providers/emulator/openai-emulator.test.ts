import { AIMessage, type AIMessageChunk } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { ChatOpenAI } from "@langchain/openai";
import { describe, expect, test } from "vitest";
import { z } from "zod";
import { serve } from "../../../src/emulator/serve.js";
import { createOpenAIEmulator } from "../../../src/providers/emulator/openai-emulator.js";
import { providerEmulatorFetch } from "../../../src/providers/emulator/provider-emulator-fetch.js";
import type { ScriptedTurn } from "../../../src/replay/scenario-schema.js";
import { nameJudge } from "./test-judge.js";

const search = tool(async () => "ok", {
  name: "search_events",
  description: "Find events",
  schema: z.object({ city: z.string() }),
});
const badName = tool(async () => "ok", { name: "search events", description: "Find", schema: z.object({}) });

const CALL: ScriptedTurn[] = [{ calls: [{ tool: "search_events", args: { city: "Oslo" } }] }];

function openAI(useResponsesApi: boolean, script: ScriptedTurn[] = CALL) {
  const emulator = createOpenAIEmulator({ judge: nameJudge("openai"), script, requestId: () => "req_test" });
  return new ChatOpenAI({
    model: "gpt-4o",
    apiKey: "sk-test",
    maxRetries: 0,
    useResponsesApi,
    configuration: {
      baseURL: "https://api.openai.com/v1",
      fetch: providerEmulatorFetch(emulator),
    },
  });
}

describe.each([
  ["Chat Completions", false],
  ["Responses", true],
])("the OpenAI emulator through ChatOpenAI (%s)", (_, responses) => {
  test("a valid tool list gets the scripted tool call, parsed by the class", async () => {
    const answer = await openAI(responses).bindTools([search]).invoke("events in Oslo?");
    expect(answer.tool_calls).toEqual([
      expect.objectContaining({ name: "search_events", args: { city: "Oslo" }, id: "call_1_1" }),
    ]);
  });

  test("a refused tool list surfaces OpenAI's error through the class's error", async () => {
    const path = responses ? "tools[1]" : "tools[1].function";
    await expect(openAI(responses).bindTools([search, badName]).invoke("hi")).rejects.toMatchObject({
      status: 400,
      message: `400 Invalid '${path}.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.`,
      error: expect.objectContaining({
        param: `${path}.name`,
        code: "invalid_value",
        type: "invalid_request_error",
      }),
    });
  });

  test("streamed, the scripted tool call and then the answer arrive as OpenAI's events", async () => {
    const model = openAI(responses, [...CALL, { answer: "Two events." }]);
    const collect = async (input: Parameters<typeof model.invoke>[0]) => {
      let whole: AIMessageChunk | undefined;
      for await (const chunk of await model.bindTools([search]).stream(input))
        whole = whole === undefined ? chunk : whole.concat(chunk);
      return whole;
    };
    const first = await collect("events?");
    expect(first?.tool_calls).toEqual([
      expect.objectContaining({ name: "search_events", args: { city: "Oslo" }, id: "call_1_1" }),
    ]);
    const second = await collect([
      ["human", "events?"],
      new AIMessage({ content: "", tool_calls: first?.tool_calls ?? [] }),
      { role: "tool", content: "[]", tool_call_id: "call_1_1" },
    ]);
    expect(second?.text).toBe("Two events.");
  });

  test("the turn after the tool call is the script's answer", async () => {
    const model = openAI(responses, [
      { calls: [{ tool: "search_events", args: { city: "Oslo" } }] },
      { answer: "Two events." },
    ]);
    const first = await model.bindTools([search]).invoke("events?");
    const second = await model
      .bindTools([search])
      .invoke([["human", "events?"], first, { role: "tool", content: "[]", tool_call_id: "call_1_1" }]);
    expect(second).toBeInstanceOf(AIMessage);
    expect(second.text).toBe("Two events.");
  });
});

test("over a real loopback socket, ChatOpenAI gets the scripted call and the refusal alike", async () => {
  const emulator = createOpenAIEmulator({ judge: nameJudge("openai"), script: CALL });
  const server = await serve(emulator.fetch, { port: 0 });
  try {
    const model = new ChatOpenAI({
      model: "gpt-4o",
      apiKey: "sk-test",
      maxRetries: 0,
      configuration: { baseURL: `${server.url}/v1` },
    });
    const answer = await model.bindTools([search]).invoke("events?");
    expect(answer.tool_calls?.[0]).toMatchObject({ name: "search_events", args: { city: "Oslo" } });
    await expect(model.bindTools([badName]).invoke("hi")).rejects.toMatchObject({
      status: 400,
      error: expect.objectContaining({ code: "invalid_value" }),
    });
  } finally {
    await server.close();
  }
});
