import { describe, expect, test } from "vitest";
import { runCli } from "../../src/cli/run-cli.js";
import { createEventService } from "../../src/emulator/events/event-service.js";
import { serve } from "../../src/emulator/serve.js";
import { packagePath } from "../../src/package/package-root.js";
import { captureIo } from "../support/capture-io.js";

const TOOLS = packagePath("tools");
const UPDATE_ARGS = '{"body":{"name":"x","date":"2024-07-15T10:00:00Z","location":"y"}}';

async function call(...args: string[]) {
  return callWithEnv({}, ...args);
}

async function callWithEnv(env: Record<string, string>, ...args: string[]) {
  const captured = captureIo(new AbortController().signal, env);
  const exit = await runCli(["call", ...args, "--tools", TOOLS], captured.io);
  return { exit, stdout: captured.stdout(), stderr: captured.stderr() };
}

describe("tooldeck call", () => {
  test("get_events by id returns event 1", async () => {
    const { exit, stdout } = await call("get_events", "--args", '{"queryParams":{"id":"1"}}');
    expect(exit).toBe(0);
    expect(JSON.parse(stdout)).toEqual({
      id: "1",
      name: "Tech Conference 2024",
      date: "2024-06-15T09:00:00Z",
      location: "San Francisco, CA",
    });
  });

  test.each([
    ["standard", 'HTTP 404 Not Found: {"error":"Endpoint not found"}\n'],
    ["flowise", "Failed to make PUT request: HTTP Error 404: Not Found\n"],
  ])("update_event fails with the 404 under %s", async (profile, output) => {
    const { exit, stdout, stderr } = await call("update_event", "--profile", profile, "--args", UPDATE_ARGS);
    expect(exit).toBe(1);
    expect(stdout).toBe(output);
    expect(stderr).toContain("tooldeck call: update_event failed");
  });

  test("flowise refuses the tutorial's localhost URL, unless HTTP_SECURITY_CHECK=false (Flowise's switch)", async () => {
    const args = ["get_events", "--profile", "flowise", "--var", "base_url=http://localhost:5566"];
    const refused = await call(...args);
    expect(refused.stdout).toBe(
      "Failed to make GET request: isDeniedIP: Error: Access to this host is denied by policy.\n",
    );
    const allowed = await callWithEnv(
      { HTTP_SECURITY_CHECK: "false" },
      ...args,
      "--args",
      '{"queryParams":{"id":"3"}}',
    );
    expect(allowed.exit).toBe(0);
    expect(JSON.parse(allowed.stdout).name).toBe("Art Exhibition Opening");
  });

  test("--verbose prints the exchange", async () => {
    const { stderr } = await call("update_event", "--verbose", "--args", UPDATE_ARGS);
    expect(stderr).toContain(
      "> PUT http://events.tooldeck.internal/events\n> Content-Type: application/json\n>\n",
    );
    expect(stderr).toContain(
      '< 404 Not Found\n< content-type: application/json\n<\n< {"error":"Endpoint not found"}\n',
    );
  });

  test("--base-url calls a real service over a socket", async () => {
    const server = await serve(createEventService().fetch, { port: 0 });
    try {
      const { exit, stdout } = await call(
        "get_events",
        "--base-url",
        `${server.url}/`,
        "--args",
        '{"queryParams":{"id":"2"}}',
      );
      expect(exit).toBe(0);
      expect(JSON.parse(stdout).name).toBe("Music Festival");
    } finally {
      await server.close();
    }
  });

  test("--var sets base_url, and --allow-host refuses any other host", async () => {
    const { exit, stdout } = await call(
      "get_events",
      "--var",
      "base_url=http://127.0.0.1:1",
      "--allow-host",
      "example.com",
    );
    expect(exit).toBe(1);
    expect(stdout).toBe(
      "GET http://127.0.0.1:1/events failed: refused: host 127.0.0.1:1 is not allowed (tooldeck calls only the embedded emulators, --base-url's host and --allow-host hosts; allow it with --allow-host 127.0.0.1:1)\n",
    );
  });

  test.each([
    [
      ["nope"],
      /^tooldeck call: no tool named 'nope' \(tools: listEvents, createEvent, getEventById, updateEventDetails, deleteEvent, get_events, create_event, update_event, delete_event\)\n$/,
    ],
    [["get_events", "--args", "{x"], /^tooldeck call: --args is not valid JSON: /],
    [
      ["get_events", "--profile", "strict"],
      "tooldeck call: --profile must be standard, n8n, flowise or dify, got 'strict'\n",
    ],
    [["get_events", "--var", "novalue"], "tooldeck call: --var must be KEY=VALUE, got 'novalue'\n"],
    [["get_events", "--secret", "=x"], "tooldeck call: --secret must be KEY=VALUE, got '=x'\n"],
    [[], "tooldeck call: name the tool to call (see 'tooldeck call --help')\n"],
  ])("usage error %j", async (args, message) => {
    const { exit, stderr } = await call(...args);
    expect(exit).toBe(2);
    expect(stderr).toMatch(
      typeof message === "string"
        ? new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`)
        : message,
    );
  });
});

describe("tooldeck tools", () => {
  test("lists each tool with the schema the LLM is given", async () => {
    const captured = captureIo();
    expect(await runCli(["tools", TOOLS, "--json", "--profile", "flowise"], captured.io)).toBe(0);
    const listed = JSON.parse(captured.stdout());
    expect(listed.map((t: { name: string; method: string }) => `${t.method} ${t.name}`)).toEqual([
      "GET listEvents",
      "POST createEvent",
      "GET getEventById",
      "PATCH updateEventDetails",
      "DELETE deleteEvent",
      "GET get_events",
      "POST create_event",
      "PUT update_event",
      "DELETE delete_event",
    ]);
    expect(listed[5].inputSchema.properties.queryParams.description).toBe("Query parameters for the request");
    expect(listed[2].inputSchema).toMatchObject({ properties: { input: { description: "Query input" } } });
  });

  test("text output names the file and shows the schema", async () => {
    const captured = captureIo();
    await runCli(["tools", TOOLS], captured.io);
    expect(captured.stdout()).toContain("update_event  PUT {{$vars.base_url}}/events  (");
    expect(captured.stdout()).toContain('"required": [\n');
  });

  test("a missing path is a load error: exit 2, reported on stderr", async () => {
    const captured = captureIo();
    expect(await runCli(["tools", "/nonexistent/tools"], captured.io)).toBe(2);
    expect(captured.stderr()).toBe("tooldeck tools: /nonexistent/tools: no such file or folder\n");
  });
});
