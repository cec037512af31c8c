import { AIMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { convertToOpenAITool } from "@langchain/core/utils/function_calling";
import { createAgent } from "langchain";
import { describe, expect, test } from "vitest";
import { createEmulatorFetch } from "../../../src/emulator/emulator-fetch.js";
import { EVENT_SERVICE_ORIGIN } from "../../../src/emulator/emulator-origins.js";
import { createEventService } from "../../../src/emulator/events/event-service.js";
import type { Profile } from "../../../src/profile.js";
import { createTools } from "../../../src/runtime/create-tools.js";
import { toLangChainTools } from "../../../src/runtime/langchain/to-langchain-tools.js";
import { createEvent, deleteEvent, getEvents, NEW_EVENT, updateEvent } from "../../support/tutorial-tools.js";

async function setup(profile: Profile) {
  const events = createEventService({ randomId: () => "new-1" });
  const emulator = createEmulatorFetch({ [EVENT_SERVICE_ORIGIN]: events.fetch });
  const tools = await createTools([getEvents, createEvent, updateEvent, deleteEvent], {
    profile,
    fetch: emulator.fetch,
    resolveHost: emulator.resolveHost,
    vars: { base_url: EVENT_SERVICE_ORIGIN },
  });
  return { events, tools: toLangChainTools(tools) };
}

function toolMessages(messages: unknown[]): ToolMessage[] {
  return messages.filter((message): message is ToolMessage => ToolMessage.isInstance(message));
}

describe.each(["standard", "flowise"] as const)("a createAgent loop under %s", (profile) => {
  test("the model lists events, creates one, then answers", async () => {
    const { events, tools } = await setup(profile);
    const model = fakeModel()
      .respondWithTools([{ name: "get_events", args: { queryParams: { id: "1" } }, id: "call-1" }])
      .respondWithTools([{ name: "create_event", args: { body: NEW_EVENT }, id: "call-2" }])
      .respond(new AIMessage("Created Launch."));
    const agent = createAgent({ model, tools });
    const state = await agent.invoke({ messages: [new HumanMessage("Show event 1, then add Launch")] });

    const [read, created] = toolMessages(state.messages);
    expect(read?.status).toBe("success");
    expect(JSON.parse(String(read?.content)).name).toBe("Tech Conference 2024");
    expect(read?.artifact.request).toMatchObject({ method: "GET", url: `${EVENT_SERVICE_ORIGIN}/events/1` });
    expect(created?.artifact.response.status).toBe(201);
    expect(JSON.parse(String(created?.content))).toEqual({ id: "new-1", ...NEW_EVENT });
    expect(state.messages.at(-1)?.content).toBe("Created Launch.");
    expect(events.snapshot().at(-1)).toEqual({ id: "new-1", ...NEW_EVENT });
    expect(model.callCount).toBe(3);
  });

  test("update_event's 404 reaches the model as an error ToolMessage", async () => {
    const { events, tools } = await setup(profile);
    const model = fakeModel()
      .respondWithTools([{ name: "update_event", args: { body: NEW_EVENT }, id: "call-1" }])
      .respond(new AIMessage("Could not update."));
    const state = await createAgent({ model, tools }).invoke({
      messages: [new HumanMessage("rename event 1")],
    });
    const [failed] = toolMessages(state.messages);
    expect(failed?.status).toBe("error");
    expect(failed?.content).toBe(
      profile === "flowise"
        ? "Failed to make PUT request: HTTP Error 404: Not Found"
        : 'HTTP 404 Not Found: {"error":"Endpoint not found"}',
    );
    expect(failed?.artifact.response.status).toBe(404);
    expect(events.snapshot()[0]?.name).toBe("Tech Conference 2024");
  });
});

test.each(["standard", "flowise"] as const)(
  "%s: the model is given exactly the tool's JSON schema",
  async (profile) => {
    const executable = await createTools([getEvents, createEvent], { profile });
    const given = toLangChainTools(executable).map((tool) => convertToOpenAITool(tool).function);
    expect(given).toEqual(
      executable.map((tool) => ({
        name: tool.name,
        description: tool.description,
        parameters: tool.inputSchema,
      })),
    );
  },
);

test("flowise coercion runs before LangChain's schema check: a numeric id still reads event 2", async () => {
  const { tools } = await setup("flowise");
  const model = fakeModel()
    .respondWithTools([{ name: "get_events", args: { queryParams: { id: 2 } }, id: "call-1" }])
    .respond(new AIMessage("done"));
  const state = await createAgent({ model, tools }).invoke({ messages: [new HumanMessage("event 2")] });
  const [read] = toolMessages(state.messages);
  expect(read?.status).toBe("success");
  expect(JSON.parse(String(read?.content)).name).toBe("Music Festival");
});

test.each(["standard", "flowise"] as const)(
  "under %s, a top-level key the tool does not declare is dropped before LangChain's schema check",
  async (profile) => {
    const { tools } = await setup(profile);
    const model = fakeModel()
      .respondWithTools([
        { name: "get_events", args: { queryParams: { id: "2" }, reason: "asked" }, id: "call-1" },
      ])
      .respond(new AIMessage("done"));
    const state = await createAgent({ model, tools }).invoke({ messages: [new HumanMessage("event 2")] });
    const [read] = toolMessages(state.messages);
    expect(read?.status).toBe("success");
    expect(JSON.parse(String(read?.content)).name).toBe("Music Festival");
  },
);

test("arguments that do not match the schema come back as LangChain's parsing error, without its stack", async () => {
  const { tools } = await setup("standard");
  const model = fakeModel()
    .respondWithTools([{ name: "delete_event", args: {}, id: "call-1" }])
    .respond(new AIMessage("done"));
  const state = await createAgent({ model, tools }).invoke({ messages: [new HumanMessage("delete")] });
  const [failed] = toolMessages(state.messages);
  expect(failed?.status).toBe("error");
  // What the model reads next: LangChain's words, no stack frame or install path of this machine.
  const read = model.calls[1]?.messages.at(-1)?.text;
  expect(read).toBe(
    "Error invoking tool 'delete_event' with kwargs {} with error: Error: Received tool input did not match expected schema\n Please fix the error and try again.",
  );
  expect(String(failed?.content)).toBe(read);
});

test("invoked outside an agent, a failed call throws with the output as message", async () => {
  const [, , update] = (await setup("standard")).tools;
  await expect(update?.invoke({ body: NEW_EVENT })).rejects.toThrow(
    'HTTP 404 Not Found: {"error":"Endpoint not found"}',
  );
});
