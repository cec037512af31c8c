import { expect, test } from "vitest";
import { packagePath } from "../../../src/package/package-root.js";
import { runScenario } from "../../../src/replay/run-scenario.js";
import { DEFAULT_SCENARIO_NOW, ScenarioModelSchema } from "../../../src/replay/scenario-schema.js";

const scenario = (via: string) => ({
  name: `delete through ${via}`,
  profile: "standard" as const,
  tools: [packagePath("tools")],
  vars: {},
  now: new Date(DEFAULT_SCENARIO_NOW),
  messages: ["Delete event 3."],
  model: {
    via,
    scripted: [
      { calls: [{ tool: "delete_event", args: { queryParams: { id: "3" } } }] },
      { answer: "Event 3 is deleted." },
    ],
  },
  before: [],
  after: [],
  expect: {
    trajectory: "strict" as const,
    args: "exact" as const,
    calls: [{ tool: "delete_event", args: { queryParams: { id: "3" } }, status: 204 }],
    state: { events: { lacks: [{ id: "3" }] } },
    answer: { contains: "deleted" },
  },
});

test.each(["openai:gpt-4o-mini", "anthropic:claude-sonnet-4-5", "google-genai:gemini-2.5-flash"])(
  "a scripted scenario with via: %s runs through the provider's class and emulator, with no key",
  async (via) => {
    const result = await runScenario(scenario(via), { env: {} });
    expect(result.failures).toEqual([]);
  },
);

test("a tool the provider refuses fails the scenario with the provider's error, as the class throws it", async () => {
  const result = await runScenario(scenario("anthropic:claude-sonnet-4-5"), {
    env: {},
    providerJudge: (provider) => (tools) => {
      const index = tools.findIndex((tool) => tool.name === "delete_event");
      const tool = tools[index];
      if (!tool) return [];
      return [
        {
          provider,
          rule: "test/refuse-delete",
          message: `${tool.path}.name: refused by the test`,
          path: `${tool.path}.name`,
          tool: index,
        },
      ];
    },
  });
  // The run ends at the refusal: its expectations (a call, a deleted event, an answer) fail after it.
  expect(result.failures[0]).toMatch(
    /^agent: 400 \{"type":"error","error":\{"type":"invalid_request_error","message":"tools\.\d+\.custom\.name: refused by the test"\},"request_id":"req_011C\w{20}"\}$/,
  );
});

test("via names one of the emulated providers", () => {
  const parsed = ScenarioModelSchema.safeParse({ via: "mistralai:large", scripted: [{ answer: "x" }] });
  expect(parsed.success).toBe(false);
  expect(parsed.error?.issues[0]?.message).toBe("expected openai:, anthropic: or google-genai:<model>");
});
