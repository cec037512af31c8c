import { describe, expect, test } from "vitest";
import type { N8nHttpToolConfig } from "../../../../src/platforms/n8n/config/n8n-http-tool-config.js";
import { createTool } from "../../../../src/runtime/create-tools.js";
import { listenDuringTests, loopbackServer } from "../../../support/loopback-server.js";
import { AGENT_2, AGENT_3, currentNode, legacyNode } from "../support/n8n-nodes.js";

const BASE = "http://api.test";
const node = (parameters: Record<string, unknown>, changes: Partial<N8nHttpToolConfig> = {}) =>
  currentNode(
    { url: "={{ $vars.base_url }}/items/{{ $fromAI('id', 'The item id') }}", ...parameters },
    changes,
  );

/** A service in-process: each answer in turn (the last repeated), every request recorded. */
function service(...answers: (() => Response)[]) {
  const requests: { method: string; url: string; headers: Record<string, string>; body: string }[] = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push({
      method: request.method,
      url: request.url,
      headers: Object.fromEntries(request.headers),
      body: await request.text(),
    });
    const answer = answers[Math.min(requests.length - 1, answers.length - 1)];
    return answer ? answer() : new Response(null, { status: 500 });
  };
  return { fetch, requests };
}

async function call(config: N8nHttpToolConfig, args: unknown, ...answers: (() => Response)[]) {
  const api = service(...answers);
  const [tool] = await createTool(config, { fetch: api.fetch, vars: { base_url: BASE } });
  if (!tool) throw new Error("no tool");
  return { result: await tool.invoke(args), requests: api.requests, tool };
}

const json =
  (body: unknown, status = 200) =>
  () =>
    Response.json(body, { status });
const text =
  (body: string, status = 200, type = "text/plain") =>
  () =>
    new Response(body, { status, headers: { "content-type": type } });

describe("what the model sees (reference section 4, Agent 3.1)", () => {
  test.each([
    [
      "a JSON object: one item (fact 25)",
      json({ id: 42, name: "Widget", price: 9.5, tags: ["a", "b"] }),
      '[{"id":42,"name":"Widget","price":9.5,"tags":["a","b"]}]',
    ],
    [
      "a JSON array: one item per element (fact 25)",
      json([{ id: 1 }, { id: 2, x: null }, { id: 3 }]),
      '[{"id":1},{"id":2,"x":null},{"id":3}]',
    ],
    [
      "a text body under data (fact 26)",
      text("plain text answer\nline 2"),
      '[{"data":"plain text answer\\nline 2"}]',
    ],
    ["an empty body (fact 26)", () => new Response(null, { status: 204 }), "[{}]"],
    [
      "a JSON scalar: n8n's error (fact 26)",
      text('"just a string"', 200, "application/json"),
      '[{"error":"Response body is not valid JSON. Change \\"Response Format\\" to \\"Text\\""}]',
    ],
    [
      "a 404: the sentence, never the body (fact 28)",
      json({ error: "Item 42 is archived" }, 404),
      '[{"error":"The resource you are requesting could not be found"}]',
    ],
    [
      "a 422 (fact 28)",
      json({ error: "bad" }, 422),
      '[{"error":"Your request is invalid or could not be processed by the service"}]',
    ],
    [
      "no redaction (fact 31)",
      json({ token: "t-1", password: "p", apiKey: "k", auth: "Bearer b" }),
      '[{"token":"t-1","password":"p","apiKey":"k","auth":"Bearer b"}]',
    ],
  ])("%s", async (_name, answer, output) => {
    const { result, requests } = await call(node({}), { id: "42" }, answer);
    expect(result.output).toBe(output);
    expect(requests.map((request) => `${request.method} ${request.url}`)).toEqual([`GET ${BASE}/items/42`]);
  });

  test("no size limit (fact 27)", async () => {
    const big = Array.from({ length: 2_000 }, (_, id) => ({ id, text: "x".repeat(50) }));
    const { result } = await call(node({}), { id: "1" }, json(big));
    expect(result.output).toBe(JSON.stringify(big));
  });

  test("Never Error: a 404 body is a success (fact 30)", async () => {
    const parameters = { options: { response: { response: { neverError: true } } } };
    expect((await call(node(parameters), { id: "1" }, json({ error: "nope" }, 404))).result.output).toBe(
      '[{"error":"nope"}]',
    );
  });

  test("Full Response: body, headers, status (fact 30)", async () => {
    const parameters = { options: { response: { response: { fullResponse: true } } } };
    const { result } = await call(node(parameters), { id: "1" }, json({ a: 1 }));
    expect(JSON.parse(result.output)).toEqual([
      { body: { a: 1 }, headers: { "content-type": "application/json" }, statusCode: 200, statusMessage: "" },
    ]);
  });

  test("Retry On Fail repeats the call; the model sees the last result (fact 24)", async () => {
    const config = node({}, { retryOnFail: true, waitBetweenTries: 0 });
    const { result, requests } = await call(config, { id: "1" }, json({}, 500), json({ ok: true }));
    expect(requests).toHaveLength(2);
    expect(result.output).toBe('[{"ok":true}]');
  });

  test("On Error = Stop Workflow: the model gets nothing, the workflow fails with the sentence (fact 33)", async () => {
    const { result } = await call(node({}, { onError: "stopWorkflow" }), { id: "1" }, json({}, 500));
    expect(result).toMatchObject({
      ok: false,
      error: "the n8n workflow stops: The service was not able to process your request",
    });
  });

  test("a broken JSON body template: n8n's error, nothing sent (fact 16)", async () => {
    const parameters = {
      method: "POST",
      sendBody: true,
      specifyBody: "json",
      jsonBody: '={"name": "{{ $fromAI(\'name\') }}"}',
    };
    const { result, requests } = await call(node(parameters), { id: "1", name: 'say "hi"' }, json({}));
    expect(result.output).toBe('[{"error":"The value in the \\"JSON Body\\" field is not valid JSON"}]');
    expect(requests).toEqual([]);
  });
});

describe("Agent 2.2 (reference section 6)", () => {
  test("arguments validated; a mismatch stops the workflow, nothing sent (fact 41)", async () => {
    const config = node(
      {
        sendQuery: true,
        queryParameters: { parameters: [{ name: "n", value: "={{ $fromAI('n', '', 'number') }}" }] },
      },
      { agent: AGENT_2 },
    );
    const { result, requests } = await call(config, { n: "abc" }, json({}));
    expect(result.output).toBe(
      "Received tool input did not match expected schema\n\n✖ Required\n  → at id\n✖ Expected number, received string\n  → at n",
    );
    expect(requests).toEqual([]);
  });

  test.each([
    ["a string", "notjson"],
    ["an empty object", {}],
    ["an empty list", []],
    ["null", null],
  ])("a json argument given %s: n8n's own message (fact 41)", async (_name, j) => {
    const config = node(
      {
        sendQuery: true,
        queryParameters: { parameters: [{ name: "j", value: "={{ $fromAI('j', '', 'json') }}" }] },
      },
      { agent: AGENT_2 },
    );
    const { result, requests } = await call(config, { id: "1", j }, json({}));
    expect(result.output).toBe(
      "Received tool input did not match expected schema\n\n✖ Value must be a non-empty object or a non-empty array\n  → at j",
    );
    expect(requests).toEqual([]);
  });

  test("a json argument with something in it passes", async () => {
    const config = node(
      {
        sendQuery: true,
        queryParameters: { parameters: [{ name: "j", value: "={{ $fromAI('j', '', 'json') }}" }] },
      },
      { agent: AGENT_2 },
    );
    const { requests } = await call(config, { id: "1", j: [1] }, json({}));
    expect(requests).toHaveLength(1);
  });

  test("a tool error reaches the model as an empty string (fact 42)", async () => {
    expect((await call(node({}, { agent: AGENT_2 }), { id: "1" }, json({}, 404))).result.output).toBe("");
  });

  test("the same success text as 3.1 (fact 40)", async () => {
    expect((await call(node({}, { agent: AGENT_2 }), { id: "1" }, json({ id: 1 }))).result.output).toBe(
      '[{"id":1}]',
    );
  });
});

describe("credentials (reference fact 23)", () => {
  const withAuth = node(
    { authentication: "genericCredentialType", genericAuthType: "httpHeaderAuth" },
    { credentials: { httpHeaderAuth: { id: "1", name: "Items API" } } },
  );

  test("the header from the credential variables, never in the schema", async () => {
    const api = service(json({}));
    const vars = {
      base_url: BASE,
      n8n_credential_httpHeaderAuth_Items_API_name: "x-api-key",
      n8n_credential_httpHeaderAuth_Items_API_value: "hdr-secret-123",
    };
    const [tool] = await createTool(withAuth, { fetch: api.fetch, vars });
    await tool?.invoke({ id: "1" });
    expect(api.requests[0]?.headers["x-api-key"]).toBe("hdr-secret-123");
    expect(Object.keys(tool?.inputSchema.properties as object)).toEqual(["id"]);
  });

  test("a missing credential variable: not reproduced, nothing sent", async () => {
    const { result, requests } = await call(withAuth, { id: "1" }, json({}));
    expect(result).toMatchObject({
      ok: false,
      error:
        "tooldeck cannot call this tool as n8n would: credential variable n8n_credential_httpHeaderAuth_Items_API_name is not set (set it with --secret n8n_credential_httpHeaderAuth_Items_API_name=…)",
    });
    expect(requests).toEqual([]);
  });
});

describe("the legacy toolHttpRequest", () => {
  const legacy = (parameters: Record<string, unknown>, agent = AGENT_2) =>
    legacyNode({ url: `${BASE}/items/{id}`, toolDescription: "Get an item", ...parameters }, { agent });

  test("cannot run under Agent 3.x: n8n's error, no request (fact 39)", async () => {
    const { result, requests } = await call(legacy({}, AGENT_3), { id: "42" }, json({}));
    expect(result.output).toBe(
      '[{"error":"The node \\"@n8n/n8n-nodes-langchain.toolHttpRequest\\" has a \\"supplyData\\" method but no \\"execute\\" method."}]',
    );
    expect(requests).toEqual([]);
  });

  test("path values unquoted, the URL through encodeURI, axios's headers, pretty JSON (facts 48, 51, 52)", async () => {
    const { result, requests } = await call(
      legacy({ url: `${BASE}/items/{id}/{name}` }),
      { id: "'42'", name: "a b/é" },
      json({ id: 42 }),
    );
    expect(requests[0]).toMatchObject({
      url: `${BASE}/items/42/a%20b/%C3%A9`,
      headers: { accept: "application/json, text/plain, */*", "user-agent": "axios/1.18.0" },
    });
    expect(result.output).toBe('{\n  "id": 42\n}');
  });

  test("fixed rows first, then the model's values (fact 49)", async () => {
    const parameters = {
      sendQuery: true,
      parametersQuery: {
        values: [
          { name: "fixed", valueProvider: "fieldValue", value: "always" },
          { name: "sort", valueProvider: "fieldValue", value: "by-{order}" },
          { name: "q", valueProvider: "modelRequired" },
          { name: "limit", valueProvider: "modelOptional" },
        ],
      },
      placeholderDefinitions: { values: [{ name: "limit", type: "number" }] },
    };
    const { requests } = await call(
      legacy({ ...parameters, url: `${BASE}/search` }),
      { order: "asc", q: "red shoes", limit: 5 },
      json([]),
    );
    expect(requests[0]?.url).toBe(`${BASE}/search?fixed=always&sort=by-asc&q=red%20shoes&limit=5`);
  });

  test("string placeholders in a JSON text are quoted for the author (fact 50)", async () => {
    const parameters = {
      method: "POST",
      url: `${BASE}/items`,
      sendBody: true,
      specifyBody: "json",
      jsonBody: '{"label": {label}, "n": {n}, "q": "{label}"}',
      placeholderDefinitions: { values: [{ name: "n", type: "number" }] },
    };
    const { requests } = await call(legacy(parameters), { label: "L-1", n: 3 }, json({}));
    expect(requests[0]?.body).toBe('{"label":"L-1","n":3,"q":"L-1"}');
  });

  test("an error shows status and body, secrets redacted (facts 53, 55)", async () => {
    const { result } = await call(
      legacy({}),
      { id: "1" },
      json({ error: "bad token", token: "t-1", password: "p" }, 404),
    );
    expect(result.output).toBe(
      'HTTP 404 There was an error: "Request failed with status code 404"\nResponse body: {\n  "error": "bad token",\n  "token": "[REDACTED]",\n  "password": "[REDACTED]"\n}',
    );
  });

  test("an error body is cut at 2,000 characters (fact 53)", async () => {
    const { result } = await call(legacy({}), { id: "1" }, text("e".repeat(3_000), 500));
    expect(result.output).toBe(
      `HTTP 500 There was an error: "Request failed with status code 500"\nResponse body: ${"e".repeat(2_000)}... [truncated]`,
    );
  });

  test("a placeholder definition used nowhere fails the agent before any call (fact 47)", async () => {
    const parameters = {
      placeholderDefinitions: { values: [{ name: "id" }, { name: "limit", type: "number" }] },
    };
    const { result, requests } = await call(legacy(parameters), { id: "1" }, json({}));
    expect(result).toMatchObject({
      ok: false,
      output: "Error in sub-node get_item: Misconfigured placeholder 'limit'",
      endsRun: true,
    });
    expect(requests).toEqual([]);
  });
});

describe("the legacy toolHttpRequest: optimized answers and network errors (reference facts 54, 56)", () => {
  const legacy = (parameters: Record<string, unknown>) =>
    legacyNode({ url: `${BASE}/items`, toolDescription: "List items", ...parameters });

  test("Optimize Response, JSON: the selected fields of Field Containing Data, as a pretty JSON array (fact 56)", async () => {
    const parameters = {
      optimizeResponse: true,
      dataField: "results",
      fieldsToInclude: "selected",
      fields: "id,name",
    };
    const body = {
      results: [
        { id: 1, name: "a", x: 1 },
        { id: 2, name: "b", y: 2 },
      ],
    };
    const { result } = await call(legacy(parameters), {}, json(body));
    expect(result.output).toBe(
      '[\n  {\n    "id": 1,\n    "name": "a"\n  },\n  {\n    "id": 2,\n    "name": "b"\n  }\n]',
    );
  });

  test("Optimize Response, text cut at 40: the first 40 characters (fact 56)", async () => {
    const parameters = {
      optimizeResponse: true,
      responseType: "text",
      truncateResponse: true,
      maxLength: 40,
    };
    const { result } = await call(legacy(parameters), {}, text("word ".repeat(20)));
    expect(result.output).toBe("word word word word word word word word ");
  });

  test("a network failure is n8n's sentence around the cause's message (fact 54)", async () => {
    const refused = () => {
      throw new TypeError("fetch failed", {
        cause: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:9"), { code: "ECONNREFUSED" }),
      });
    };
    const { result } = await call(legacy({}), {}, refused);
    expect(result).toMatchObject({
      ok: false,
      output: 'There was an error: "connect ECONNREFUSED 127.0.0.1:9"',
    });
  });
});

describe("the outbound guard holds for a URL the model chooses (reference fact 19)", () => {
  const target = loopbackServer();
  listenDuringTests(target);

  test("a loopback host the policy does not name is refused; nothing reaches it", async () => {
    const [tool] = await createTool(node({ url: "={{ $fromAI('url') }}" }), {
      outbound: { allowedHosts: [], allowWrites: false },
    });
    const result = await tool?.invoke({ url: `http://${target.host()}/admin` });
    expect(result).toMatchObject({ ok: false });
    expect(result?.output).toMatch(/^not sent: /);
    expect(target.requests).toEqual([]);
  });

  test("a connection refused is n8n's sentence (fact 29)", async () => {
    const closed = loopbackServer();
    await closed.start();
    const host = closed.host();
    await closed.stop();
    const [tool] = await createTool(node({ url: `=http://${host}/x` }));
    expect((await tool?.invoke({}))?.output).toBe(
      '[{"error":"The service refused the connection - perhaps it is offline"}]',
    );
  });
});

describe("the legacy node v1: one string input (reference section 8)", () => {
  const v1 = (parameters: Record<string, unknown> = {}) =>
    legacyNode(
      { url: `${BASE}/items/{id}`, toolDescription: "Get an item", ...parameters },
      { typeVersion: 1 },
    );

  test("the input is parsed as JSON; numbers are not coerced, json-typed text is parsed (fact 58)", async () => {
    const parameters = {
      method: "POST",
      sendBody: true,
      specifyBody: "json",
      jsonBody: '{"n": {n}, "meta": {meta}}',
      placeholderDefinitions: {
        values: [
          { name: "n", type: "number" },
          { name: "meta", type: "json" },
        ],
      },
    };
    const input = JSON.stringify({ id: "7", n: "5", meta: '{"a":1}' });
    const { result, requests } = await call(v1(parameters), { input }, json({ ok: true }));
    expect(requests.map((request) => [request.method, request.url, request.body])).toEqual([
      ["POST", `${BASE}/items/7`, '{"n":"5","meta":{"a":1}}'],
    ]);
    expect(result.ok).toBe(true);
  });

  test.each([
    ["a required value left out", JSON.stringify({ q: "x" })],
    ["an input that parses to a number", "42"],
  ])(
    "%s: the model sees n8n's sentence, yet the request is sent with the placeholder in (fact 59)",
    async (_label, input) => {
      const { result, requests } = await call(v1(), { input }, json({ id: 1 }));
      expect(requests.map((request) => request.url)).toEqual([`${BASE}/items/%7Bid%7D`]);
      expect(result).toMatchObject({ ok: false, output: "Input provided by model is not valid" });
    },
  );

  test("a required value missing: the values the model did give are not sent either (fact 59)", async () => {
    const withQuery = v1({
      sendQuery: true,
      parametersQuery: { values: [{ name: "q", valueProvider: "modelOptional" }] },
    });
    const { result, requests } = await call(withQuery, { input: JSON.stringify({ q: "x" }) }, json({}));
    expect(requests.map((request) => request.url)).toEqual([`${BASE}/items/%7Bid%7D`]);
    expect(result).toMatchObject({ ok: false, output: "Input provided by model is not valid" });
  });

  test("an input that is not JSON is not reproduced: nothing is sent", async () => {
    const { result, requests } = await call(v1(), { input: "id is 7" }, json({}));
    expect(requests).toEqual([]);
    expect(result.ok).toBe(false);
  });
});

describe("Optimize Response of HTML: sent, its answer given unoptimised, marked not reproduced", () => {
  const page = "<html><body><h1>Title</h1><p>Hello &amp; welcome</p></body></html>";
  const reason =
    "Optimize Response of HTML is not modelled: the request was sent, and the model is given its answer without Optimize Response";
  const html = { optimizeResponse: true, responseType: "html", cssSelector: "body" };

  test("the current node: the request goes, the model gets the page as the node gives it without the option", async () => {
    const { result, requests } = await call(node(html), { id: "1" }, text(page, 200, "text/html"));
    expect(requests).toHaveLength(1);
    expect(result).toMatchObject({
      ok: false,
      output: JSON.stringify([{ data: page }]),
      notReproduced: reason,
      error: `tooldeck cannot call this tool as n8n would: ${reason}`,
      response: { status: 200, body: page },
    });
  });

  test("the legacy node: the same, its text as it is", async () => {
    const legacy = legacyNode({ url: `${BASE}/page`, toolDescription: "Get the page", ...html });
    const { result, requests } = await call(legacy, {}, text(page, 200, "text/html"));
    expect(requests).toHaveLength(1);
    expect(result).toMatchObject({ ok: false, output: page, notReproduced: reason });
  });

  test("Optimize Response (Text) of a marked-up answer: the same, with its own reason", async () => {
    const parameters = {
      optimizeResponse: true,
      responseType: "text",
      truncateResponse: true,
      maxLength: 10,
    };
    const { result, requests } = await call(node(parameters), { id: "1" }, text(page, 200, "text/html"));
    expect(requests).toHaveLength(1);
    expect(result).toMatchObject({
      ok: false,
      output: JSON.stringify([{ data: page }]),
      notReproduced:
        "Optimize Response (Text) of an answer with markup is not modelled: the request was sent, and the model is given its answer without Optimize Response",
    });
  });
});
