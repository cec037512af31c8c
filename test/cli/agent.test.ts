import { afterEach, describe, expect, test } from "vitest";
import { runCli } from "../../src/cli/run-cli.js";
import { packagePath } from "../../src/package/package-root.js";
import { captureIo } from "../support/capture-io.js";
import { type ScriptedReply, startOpenAiCompatibleServer } from "../support/openai-compatible-server.js";

const TOOLS = packagePath("tools");
let close = async () => {};
afterEach(() => close());

async function agent(env: Record<string, string>, ...args: string[]) {
  const captured = captureIo();
  captured.io.env = env;
  const exit = await runCli(["agent", ...args, "--tools", TOOLS], captured.io);
  return { exit, stdout: captured.stdout(), stderr: captured.stderr() };
}

async function withServer(replies: ScriptedReply[]) {
  const server = await startOpenAiCompatibleServer(replies);
  close = server.close;
  return { server, env: { OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: server.baseUrl } };
}

describe("tooldeck agent through @langchain/openai and a loopback OpenAI-compatible endpoint", () => {
  test("the model calls get_events; the call, its exchange and the answer are printed", async () => {
    const { server, env } = await withServer([
      { toolCalls: [{ name: "get_events", args: { queryParams: { id: "1" } } }] },
      { content: "Event 1 is the Tech Conference 2024." },
    ]);
    const { exit, stdout } = await agent(
      env,
      "What is event 1?",
      "--model",
      "openai:gpt-4o-mini",
      "--system",
      "Today is {{current_date_time}}.",
    );
    expect(exit).toBe(0);
    expect(stdout).toBe(
      [
        '→ get_events {"queryParams":{"id":"1"}}',
        "  > GET http://events.tooldeck.internal/events/1",
        "  < 200 OK",
        '  = {"id":"1","name":"Tech Conference 2024","date":"2024-06-15T09:00:00Z","location":"San Francisco, CA"}',
        "Event 1 is the Tech Conference 2024.",
        "",
      ].join("\n"),
    );
    const [first, second] = server.requests;
    expect(first?.path).toBe("/v1/chat/completions");
    expect(first?.authorization).toBe("Bearer sk-test");
    expect(first?.body.model).toBe("gpt-4o-mini");
    expect(first?.body.tools?.map((tool) => tool.function.name)).toEqual([
      "listEvents",
      "createEvent",
      "getEventById",
      "updateEventDetails",
      "deleteEvent",
      "get_events",
      "create_event",
      "update_event",
      "delete_event",
    ]);
    expect(first?.body.messages[0]).toMatchObject({ role: "system" });
    expect(JSON.stringify(first?.body.messages[0]?.content)).toMatch(
      /Today is \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z\./,
    );
    expect(second?.body.messages.at(-1)).toMatchObject({ role: "tool", tool_call_id: "call_1_1" });
  });

  test("a failing call is printed with its error output (what the model saw)", async () => {
    const body = { name: "x", date: "2024-07-15T10:00:00Z", location: "y" };
    const { env } = await withServer([
      { toolCalls: [{ name: "update_event", args: { body } }] },
      { content: "The update failed." },
    ]);
    const { exit, stdout } = await agent(
      env,
      "Rename event 1",
      "--model",
      "openai:gpt-4o-mini",
      "--profile",
      "flowise",
    );
    expect(exit).toBe(0);
    expect(stdout).toContain("  > PUT http://events.tooldeck.internal/events\n");
    expect(stdout).toContain(
      "  < 404 Not Found\n  ! Failed to make PUT request: HTTP Error 404: Not Found\n",
    );
  });

  test("TOOLDECK_MODEL names the model when --model is absent", async () => {
    const { server, env } = await withServer([{ content: "hi" }]);
    const { exit } = await agent({ ...env, TOOLDECK_MODEL: "openai:gpt-4.1-nano" }, "hello");
    expect(exit).toBe(0);
    expect(server.requests[0]?.body.model).toBe("gpt-4.1-nano");
  });
});

test("a provider error is one line naming it, exit 1", async () => {
  const { env } = await withServer([{ status: 400, error: "The model `gpt-nope` does not exist" }]);
  const { exit, stderr } = await agent(env, "hi", "--model", "openai:gpt-nope");
  expect(exit).toBe(1);
  expect(stderr).toMatch(
    /^tooldeck agent: the model call failed: 400 The model `gpt-nope` does not exist\n$/,
  );
});

describe("tooldeck agent: one-line errors", () => {
  test.each([
    [
      {},
      ["hi", "--model", "openai:gpt-4o-mini"],
      "tooldeck agent: set OPENAI_API_KEY to use openai:gpt-4o-mini\n",
      2,
    ],
    [
      { MISTRAL_API_KEY: "k" },
      ["hi", "--model", "mistralai:mistral-large-latest"],
      "tooldeck agent: the mistralai provider needs @langchain/mistralai: npm install @langchain/mistralai\n",
      2,
    ],
    [
      {},
      ["hi", "--model", "gpt-4o"],
      "tooldeck agent: --model must be provider:model (e.g. openai:gpt-4o-mini), got 'gpt-4o'\n",
      2,
    ],
    [{}, [], "tooldeck agent: give the user's message (see 'tooldeck agent --help')\n", 2],
  ])("env %j, args %j", async (env, args, message, code) => {
    const { exit, stderr } = await agent(env as Record<string, string>, ...args);
    expect(exit).toBe(code);
    expect(stderr).toMatch(message);
  });
});
