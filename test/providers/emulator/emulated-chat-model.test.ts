import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { AIMessageChunk } from "@langchain/core/messages";
import type { Runnable } from "@langchain/core/runnables";
import { tool } from "@langchain/core/tools";
import { afterEach, describe, expect, test } from "vitest";
import { z } from "zod";
import {
  type EmulatedChatModel,
  emulatedChatModel,
} from "../../../src/providers/emulator/emulated-chat-model.js";
import type { EmulatedProvider } from "../../../src/providers/emulator/provider-emulator-options.js";
import type { ScriptedTurn } from "../../../src/replay/scenario-schema.js";
import { nameJudge } from "./test-judge.js";

const search = tool(async () => "ok", {
  name: "search_events",
  description: "Find events",
  schema: z.object({ city: z.string() }),
});
const badName = tool(async () => "ok", { name: "search events", description: "Find", schema: z.object({}) });
const SCRIPT: ScriptedTurn[] = [
  { calls: [{ tool: "search_events", args: { city: "Oslo" } }] },
  { answer: "Two events." },
];

let running: EmulatedChatModel | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

async function modelOf(provider: EmulatedProvider, name: string, script: ScriptedTurn[] = SCRIPT) {
  running = await emulatedChatModel(provider, name, {
    judge: nameJudge(provider),
    script,
    requestId: () => "req_011Ctest",
  });
  return running.model;
}

function bound(model: BaseChatModel, tools: Parameters<NonNullable<BaseChatModel["bindTools"]>>[0]) {
  if (!model.bindTools) throw new Error("the model binds no tools");
  return model.bindTools(tools);
}

const CASES: Array<[EmulatedProvider, string, string]> = [
  [
    "openai",
    "gpt-4o",
    "400 Invalid 'tools[1].function.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.",
  ],
  [
    "anthropic",
    "claude-sonnet-4-5",
    `400 {"type":"error","error":{"type":"invalid_request_error","message":"tools.1.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'"},"request_id":"req_011Ctest"}`,
  ],
  [
    "gemini",
    "gemini-2.5-flash",
    "* GenerateContentRequest.tools[0].function_declarations[1].name: Invalid function name. Must start with a letter or an underscore.",
  ],
];

describe.each(CASES)("the %s emulator through its real LangChain class", (provider, name, refusal) => {
  test("a valid tool list gets the scripted tool call, parsed by the class, then the scripted answer", async () => {
    const model = await modelOf(provider, name);
    const call = await model.bindTools?.([search]).invoke("events in Oslo?");
    expect(call?.tool_calls).toEqual([
      expect.objectContaining({ name: "search_events", args: { city: "Oslo" } }),
    ]);
    const id = call?.tool_calls?.[0]?.id ?? "";
    const answer = await model
      .bindTools?.([search])
      .invoke([
        ["human", "events in Oslo?"],
        call as never,
        { role: "tool", content: "[]", tool_call_id: id, name: "search_events" },
      ]);
    expect(answer?.text).toBe("Two events.");
  });

  test("a refused tool list surfaces the provider's error text through the class's error", async () => {
    const model = await modelOf(provider, name);
    const error: Error = (await model
      .bindTools?.([search, badName])
      .invoke("hi")
      .then(
        () => new Error("accepted"),
        (thrown: Error) => thrown,
      )) as Error;
    expect(error.message).toContain(refusal);
    expect(error).toMatchObject({ status: 400 });
  });

  test("streamed, the scripted tool call arrives in the provider's events and a refusal is the same error", async () => {
    const model = await modelOf(provider, name);
    let whole: AIMessageChunk | undefined;
    for await (const chunk of await (bound(model, [search]) as Runnable<string, AIMessageChunk>).stream(
      "events?",
    ))
      whole = whole === undefined ? chunk : whole.concat(chunk);
    expect(whole?.tool_calls).toEqual([
      expect.objectContaining({ name: "search_events", args: { city: "Oslo" } }),
    ]);
    const refused = (bound(model, [search, badName]) as Runnable<string, AIMessageChunk>).stream("hi");
    await expect(
      refused.then(async (stream) => {
        for await (const _ of stream);
      }),
    ).rejects.toThrow(refusal.replace(/^400 /, ""));
  });

  test("without a script every request is answered with a text saying the tools were accepted", async () => {
    running = await emulatedChatModel(provider, name, { judge: () => [] });
    const answer = await running.model.bindTools?.([search]).invoke("hi");
    expect(answer?.text).toBe(`The ${provider} emulator accepted the request's 1 tool.`);
  });
});
