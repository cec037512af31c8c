import { expect, test } from "vitest";
import { packagePath } from "../../src/package/package-root.js";
import { runScenario } from "../../src/replay/run-scenario.js";
import { DEFAULT_SCENARIO_NOW } from "../../src/replay/scenario-schema.js";
import { startOpenAiCompatibleServer } from "../support/openai-compatible-server.js";

test("a provider:model scenario runs through initChatModel against a loopback OpenAI-compatible endpoint", async () => {
  const server = await startOpenAiCompatibleServer([
    { toolCalls: [{ name: "delete_event", args: { queryParams: { id: "3" } } }] },
    { content: "Event 3 is deleted." },
  ]);
  try {
    const result = await runScenario(
      {
        name: "delete with a real provider",
        profile: "standard",
        tools: [packagePath("tools")],
        vars: {},
        now: new Date(DEFAULT_SCENARIO_NOW),
        system: "It is {{current_date_time}}.",
        messages: ["Delete event 3."],
        model: "openai:gpt-4o-mini",
        before: [],
        after: [],
        expect: {
          trajectory: "strict",
          args: "exact",
          calls: [{ tool: "delete_event", args: { queryParams: { id: "3" } }, status: 204 }],
          state: { events: { lacks: [{ id: "3" }] } },
          answer: { contains: "deleted" },
        },
      },
      { env: { OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: server.baseUrl } },
    );
    expect(result.failures).toEqual([]);
    expect(JSON.stringify(server.requests[0]?.body.messages[0]?.content)).toContain(
      "It is 2024-07-01T09:00:00.000Z.",
    );
  } finally {
    await server.close();
  }
});
