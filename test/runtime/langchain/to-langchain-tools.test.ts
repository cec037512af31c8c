import { DynamicStructuredTool } from "@langchain/core/tools";
import { describe, expect, test } from "vitest";
import { createEmulatorFetch } from "../../../src/emulator/emulator-fetch.js";
import { EVENT_SERVICE_ORIGIN } from "../../../src/emulator/emulator-origins.js";
import { createEventService } from "../../../src/emulator/events/event-service.js";
import { toLangChainTools } from "../../../src/runtime/langchain/to-langchain-tools.js";
import { createRequestTool } from "../../../src/runtime/request/request-tool.js";
import { createEvent, getEvents, NEW_EVENT } from "../../support/tutorial-tools.js";

const INPUTS = [
  ["valid arguments", { body: NEW_EVENT }],
  ["a missing required field", { body: { name: "x" } }],
  ["a body that is no object (neither profile converts it)", { body: 1 }],
  ["an undeclared nested key", { body: { ...NEW_EVENT, extra: 1 } }],
  ["undefined inside", { body: { ...NEW_EVENT, name: undefined } }],
  ["no object at all", "text"],
  ["a tool call", { type: "tool_call", id: "c1", name: "create_event", args: { body: NEW_EVENT } }],
  [
    "a tool call with bad arguments",
    { type: "tool_call", id: "c2", name: "create_event", args: { body: 1 } },
  ],
] as const;

/**
 * How LangChain answers an input for this JSON schema: accepted, or the error it throws. (The inputs
 * are ones neither profile's coercion changes, so the validation alone is compared.)
 */
async function outcome(tool: DynamicStructuredTool, input: unknown): Promise<string> {
  return tool.invoke(input as never).then(
    () => "accepted",
    (error: Error) => `${error.name}: ${error.message}`,
  );
}

describe.each(["standard", "flowise"] as const)("toLangChainTools under %s", (profile) => {
  const events = createEventService();
  const { fetch, resolveHost } = createEmulatorFetch({ [EVENT_SERVICE_ORIGIN]: events.fetch });
  const options = { profile, fetch, resolveHost, vars: { base_url: EVENT_SERVICE_ORIGIN } };
  const executable = createRequestTool(createEvent, options);
  const [tool] = toLangChainTools([executable]) as [DynamicStructuredTool];
  const reference = new DynamicStructuredTool({
    name: executable.name,
    description: executable.description,
    schema: structuredClone(executable.inputSchema),
    responseFormat: "content_and_artifact",
    func: async () => ["ok", {}],
  });

  test.each(INPUTS)(
    "%s: accepted or refused exactly as LangChain's own validation does",
    async (_, input) => {
      expect(await outcome(tool, input)).toBe(await outcome(reference, input));
    },
  );

  test("the tool's schema is the JSON schema the model is given, before and after calls", async () => {
    await tool.invoke({ body: NEW_EVENT });
    expect(tool.schema).toBe(executable.inputSchema);
  });

  test("a read answers with the event", async () => {
    const [get] = toLangChainTools([createRequestTool(getEvents, options)]);
    expect(JSON.parse(String(await get?.invoke({ queryParams: { id: "2" } }))).name).toBe("Music Festival");
  });
});
