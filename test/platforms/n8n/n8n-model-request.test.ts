import { afterEach, expect, test } from "vitest";
import { runCli } from "../../../src/cli/run-cli.js";
import { packagePath } from "../../../src/package/package-root.js";
import { captureIo } from "../../support/capture-io.js";
import { startOpenAiCompatibleServer } from "../../support/openai-compatible-server.js";

let close = async () => {};
afterEach(() => close());

test("tooldeck agent asks the model as n8n's Agent 3.1 does: the tools, only the user's message, no tool_choice, no stream (reference facts 1, 5)", async () => {
  const server = await startOpenAiCompatibleServer([{ content: "Done." }]);
  close = server.close;
  const captured = captureIo();
  captured.io.env = { OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: server.baseUrl };
  const workflow = packagePath("fixtures", "n8n", "event-assistant.json");
  const args = ["agent", "List the events", "--model", "openai:gpt-4o-mini", "--tools", workflow];
  expect(await runCli([...args, "--profile", "n8n"], captured.io)).toBe(0);
  const [first] = server.requests;
  expect(Object.keys(first?.body ?? {}).sort()).toEqual(["messages", "model", "stream", "tools"]);
  expect(first?.body.stream).toBe(false);
  expect(first?.body.messages).toEqual([{ role: "user", content: "List the events" }]);
  expect(first?.body.tools?.map((tool) => [tool.type, tool.function.name])).toEqual([
    ["function", "delete_event"],
    ["function", "update_event"],
    ["function", "create_event"],
    ["function", "get_events"],
  ]);
});
