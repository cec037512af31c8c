import { describe, expect, test } from "vitest";
import { createDifyApiTool } from "../../../../src/platforms/dify/api-tool/create-dify-api-tool.js";
import { parseDifyApiDocument } from "../../../../src/platforms/dify/api-tool/parse-api-document.js";
import { listenDuringTests, loopbackServer } from "../../../support/loopback-server.js";
import { AGENT, bundlesOf, configOf, documentOf, toolOf } from "./api-tool-support.js";

const getEvent = documentOf("/events/{id}", "get", {
  operationId: "getEvent",
  summary: "Get an event",
  parameters: [
    {
      name: "id",
      in: "path",
      required: true,
      description: "The event's id",
      schema: { type: "integer", minimum: 1, default: 1, format: "int64" },
    },
    { name: "tags", in: "query", schema: { type: "array", items: { type: "string" } } },
    { name: "verbose", in: "query", schema: { type: "boolean" } },
  ],
});

describe("what the model is given (facts 77, 79–80)", () => {
  test("name, description, {type, description} per parameter, no items/format/minimum/default; arrays as strings", async () => {
    const { tool } = await toolOf(getEvent, { name: "getEvent", agent: AGENT });
    expect({ name: tool.name, description: tool.description, inputSchema: tool.inputSchema }).toEqual({
      name: "getEvent",
      description: "Get an event",
      inputSchema: {
        type: "object",
        properties: {
          id: { type: "number", description: "The event's id" },
          tags: { type: "string", description: "" },
          verbose: { type: "boolean", description: "" },
        },
        required: ["id"],
      },
    });
  });

  test("fact 77: an Agent tool's extra.description replaces the operation's; fixed parameters are hidden", async () => {
    const { tool } = await toolOf(getEvent, {
      name: "getEvent",
      agent: AGENT,
      description: "Look up one event",
      parameters: { verbose: { type: "constant", value: true } },
    });
    expect(tool.description).toBe("Look up one event");
    expect(Object.keys((tool.inputSchema as { properties: object }).properties)).toEqual(["id", "tags"]);
  });

  test('an operation with no description or summary is described as ""', async () => {
    const { tool } = await toolOf(documentOf("/x", "get", { operationId: "x" }), { name: "x" });
    expect(tool.description).toBe("");
  });

  test("fact 61: a name declared twice is shown once, by its last declaration, and required once per declaration", async () => {
    const document = documentOf("/x/{id}", "put", {
      operationId: "putX",
      parameters: [{ name: "id", in: "path", required: true, description: "path id" }],
      requestBody: {
        content: {
          "application/json": {
            schema: { required: ["id"], properties: { id: { type: "integer", description: "body id" } } },
          },
        },
      },
    });
    const { tool } = await toolOf(document, { name: "putX" });
    expect(tool.inputSchema).toEqual({
      type: "object",
      properties: { id: { type: "number", description: "body id" } },
      required: ["id", "id"],
    });
  });

  test("an attacker's parameter named __proto__ is a property like any other", async () => {
    const document = documentOf("/x", "get", {
      operationId: "getX",
      parameters: [{ name: "__proto__", in: "query" }],
    });
    const { tool, seen } = await toolOf(document, { name: "getX" });
    expect(Object.keys((tool.inputSchema as { properties: object }).properties)).toEqual(["__proto__"]);
    await tool.invoke(JSON.parse('{"__proto__": "x"}'));
    expect(seen[0]?.url).toBe("https://api.example.com/x?__proto__=x");
  });

  test("an Agent tool runs under the Agent's loop (fact 82)", async () => {
    const { tool } = await toolOf(getEvent, { name: "getEvent", agent: { ...AGENT, maximumIterations: 5 } });
    expect(tool.agentLoop?.maxIterations).toBe(5);
  });
});

describe("what comes back (facts 71–74) and what an Agent's model sees (86–87)", () => {
  const json =
    (body: string, status = 200, type = "application/json") =>
    () =>
      new Response(body, { status, headers: { "content-type": type } });

  test("fact 74, 87: a JSON object reaches the model twice: `tool response: <json>.` then the raw body", async () => {
    const { tool } = await toolOf(
      getEvent,
      { name: "getEvent", agent: AGENT },
      json('{"id":1,"title":"Café"}'),
    );
    expect((await tool.invoke({ id: 1 })).output).toBe(
      'tool response: {"id": 1, "title": "Café"}.{"id":1,"title":"Café"}',
    );
  });

  test("fact 74: a JSON array or scalar, or JSON under another Content-Type, is the raw text only", async () => {
    for (const answer of [json("[1,2]"), json("42"), json('{"a":1}', 200, "text/plain")]) {
      const { tool } = await toolOf(getEvent, { name: "getEvent", agent: AGENT }, answer);
      expect((await tool.invoke({ id: 1 })).output).toBe(await answer().text());
    }
  });

  test("fact 49: a workflow Tool node's output is its text: the raw body once", async () => {
    const { tool } = await toolOf(getEvent, { name: "getEvent" }, json('{"id":1}'));
    expect(await tool.invoke({ id: 1 })).toMatchObject({ ok: true, output: '{"id":1}' });
  });

  test("facts 71, 86: a 404 is `Request failed with status code 404 and <body>`, the whole body", async () => {
    const body = `{"error":"${"x".repeat(5000)}"}`;
    const { tool } = await toolOf(getEvent, { name: "getEvent", agent: AGENT }, json(body, 404));
    expect(await tool.invoke({ id: 1 })).toMatchObject({
      ok: false,
      output: `tool invoke error: Request failed with status code 404 and ${body}`,
    });
  });

  test("fact 73: an empty answer (204) is Dify's empty-response text", async () => {
    const { tool } = await toolOf(
      getEvent,
      { name: "getEvent", agent: AGENT },
      () => new Response(null, { status: 204 }),
    );
    expect((await tool.invoke({ id: 1 })).output).toBe(
      "Empty response from the tool, please check your parameters and try again.",
    );
  });

  test("fact 72: an attachment is a file Dify gives as a blob: not reproduced", async () => {
    const { tool } = await toolOf(
      getEvent,
      { name: "getEvent", agent: AGENT },
      () => new Response("a,b", { headers: { "content-disposition": "attachment; filename=x.csv" } }),
    );
    expect((await tool.invoke({ id: 1 })).notReproduced).toBe(
      "the answer is an attachment, which Dify gives as a file (blob): not modelled",
    );
  });
});

describe("over a real socket, behind the outbound guard", () => {
  const service = loopbackServer({
    answer: '{"id":7}',
    describe: (request) => `${request.method} ${request.url} ${JSON.stringify(request.headers)}`,
  });
  listenDuringTests(service);

  function loopbackTool(outbound?: { allowedHosts: string[]; allowWrites: boolean }) {
    const document = { ...getEvent, servers: [{ url: `http://${service.host()}` }] };
    const parsed = parseDifyApiDocument(JSON.stringify(document));
    if (!parsed.ok) throw new Error(parsed.message);
    const bundle = bundlesOf(document)[0];
    if (!bundle) throw new Error("no tool");
    return createDifyApiTool(configOf("getEvent", { agent: AGENT }), outbound ? { outbound } : {}, {
      document: parsed.document,
      bundle,
    });
  }

  test("a named host is called over node:http with httpx's headers only", async () => {
    const result = await loopbackTool({ allowedHosts: [service.host()], allowWrites: false }).invoke({
      id: 7,
      verbose: "no",
    });
    expect(result.output).toBe('tool response: {"id": 7}.{"id":7}');
    expect(service.requests).toEqual([
      `GET /events/7?verbose=false ${JSON.stringify({ accept: "*/*", "accept-encoding": "gzip, deflate", "user-agent": "python-httpx/0.27.2", host: service.host(), connection: "close" })}`,
    ]);
  });

  test("an attacker's document whose servers[0].url is loopback is refused by the guard; nothing reaches it", async () => {
    const result = await loopbackTool({ allowedHosts: [], allowWrites: false }).invoke({ id: 1 });
    expect(result).toMatchObject({
      ok: false,
      output: expect.stringMatching(/^not sent: refused: host 127\.0\.0\.1:\d+ is not allowed/),
    });
    expect(service.requests).toEqual([]);
  });
});
