import { describe, expect, test } from "vitest";
import { loadToolConfigs } from "../../../../src/config/load-tool-configs.js";
import type { RequestToolConfig } from "../../../../src/config/request-tool-config.js";
import { packagePath } from "../../../../src/package/package-root.js";
import { loadFlowiseFlow } from "../../../../src/platforms/flowise/config/load-flowise-flow.js";
import { createRequestTool } from "../../../../src/runtime/request/request-tool.js";
import type { ToolRuntimeOptions } from "../../../../src/runtime/runtime-options.js";
import { recordingFetch } from "../../../support/recording-fetch.js";

/**
 * The facts of reference/flowise-tools.md section 6 (Flowise 3.1.4's own code, run side by side), as
 * a differential table: each config under the `flowise` profile, the arguments an LLM sends, and the
 * request Flowise sends or the output it gives. No network: a recording fetch stands for the server.
 */

const URL_BASE = "http://api.test";
const PUBLIC: ToolRuntimeOptions = { profile: "flowise", resolveHost: async () => ["203.0.113.7"] };

function tool(fields: Partial<RequestToolConfig>): RequestToolConfig {
  return {
    kind: "request",
    method: "GET",
    name: "t",
    description: "Use this tool",
    url: `${URL_BASE}/things`,
    headers: {},
    ...fields,
  };
}

async function call(
  config: RequestToolConfig,
  args: unknown,
  respond?: Parameters<typeof recordingFetch>[0],
  options: ToolRuntimeOptions = {},
) {
  const recorder = recordingFetch(respond);
  const result = await createRequestTool(config, { ...PUBLIC, ...options, fetch: recorder.fetch }).invoke(
    args,
  );
  return { result, sent: recorder.requests };
}

describe("section 6: arguments are converted before validation, as Flowise 3.1.4 converts them", () => {
  const withBody = (type: "string" | "number" | "boolean" | "array") =>
    tool({ method: "POST", bodySchema: { v: { type, required: true } } });

  test.each([
    [
      "an object for a query param string is JSON text",
      tool({ queryParamsSchema: { s: { type: "string", in: "query" } } }),
      { queryParams: { s: { a: 1 } } },
      "GET",
      `${URL_BASE}/things?s=%7B%22a%22%3A1%7D`,
      "",
    ],
    [
      "a number for a body string is text",
      withBody("string"),
      { body: { v: 5 } },
      "POST",
      `${URL_BASE}/things`,
      '{"v":"5"}',
    ],
    [
      "a string for a number goes through parseFloat",
      withBody("number"),
      { body: { v: "12abc" } },
      "POST",
      `${URL_BASE}/things`,
      '{"v":12}',
    ],
    [
      "a number for a boolean is Boolean(v)",
      withBody("boolean"),
      { body: { v: 2 } },
      "POST",
      `${URL_BASE}/things`,
      '{"v":true}',
    ],
    [
      "'false' for a boolean is Boolean('false'): true",
      withBody("boolean"),
      { body: { v: "false" } },
      "POST",
      `${URL_BASE}/things`,
      '{"v":true}',
    ],
    [
      "an index-keyed object for an array is its values",
      withBody("array"),
      { body: { v: { 0: "a", 1: "b" } } },
      "POST",
      `${URL_BASE}/things`,
      '{"v":["a","b"]}',
    ],
  ])("%s", async (_fact, config, args, method, url, body) => {
    const { result, sent } = await call(config, args);
    expect(result.ok).toBe(true);
    expect(sent).toEqual([expect.objectContaining({ method, url, body })]);
  });

  test("a string that is no number fails with the ZodError's issues, pretty-printed", async () => {
    const { result, sent } = await call(withBody("number"), { body: { v: "abc" } });
    expect(result.output).toBe(
      'Received tool input did not match expected schema [\n  {\n    "code": "invalid_type",\n    "expected": "number",\n    "received": "string",\n    "path": [\n      "body",\n      "v"\n    ],\n    "message": "Expected number, received string"\n  }\n]',
    );
    expect(sent).toEqual([]);
  });
});

describe("section 6: what goes on the wire", () => {
  test("a lower-case content-type is sent beside the JSON default, not instead of it", async () => {
    const config = tool({ method: "POST", headers: { "content-type": "text/plain" } });
    const { sent } = await call(config, {});
    expect(sent[0]?.headers["content-type"]).toBe("application/json, text/plain");
  });

  test("'Content-Type' as Flowise spells it replaces the default", async () => {
    const config = tool({ method: "POST", headers: { "Content-Type": "text/plain" } });
    const { sent } = await call(config, {});
    expect(sent[0]?.headers["content-type"]).toBe("text/plain");
  });

  test.each([
    ["a 302 on DELETE re-sends DELETE", "DELETE", 302, ["DELETE /things", "DELETE /moved"]],
    ["a 303 on POST turns into GET", "POST", 303, ["POST /things", "GET /moved"]],
    ["a 301 on POST turns into GET", "POST", 301, ["POST /things", "GET /moved"]],
    ["a 300 with a Location is followed like the others", "GET", 300, ["GET /things", "GET /moved"]],
  ] as const)("%s", async (_fact, method, status, hops) => {
    const config = tool({ method });
    const { result, sent } = await call(config, {}, (request) =>
      request.url.endsWith("/moved")
        ? new Response("done")
        : new Response(null, { status, headers: { location: `${URL_BASE}/moved` } }),
    );
    expect(sent.map((request) => `${request.method} ${new URL(request.url).pathname}`)).toEqual(hops);
    expect(result.output).toBe("done");
  });

  test("a UTF-8 BOM in the answer is passed on", async () => {
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('{"a":1}')]);
    const { result } = await call(tool({}), {}, () => new Response(bom));
    expect(result.output).toBe('\uFEFF{"a":1}');
  });

  test("a negative max output length cuts like slice(0, n): all but the last n characters", async () => {
    const answer = `${"x".repeat(4990)}0123456789`;
    const { result } = await call(tool({ maxOutputLength: -4990 }), {}, () => new Response(answer));
    expect(result.output).toBe("x".repeat(10));
  });

  test.each([
    [
      "http://127.0.0.1/x",
      "Failed to make GET request: isDeniedIP: Error: Access to this host is denied by policy.",
    ],
    [
      "http://localhost/x",
      "Failed to make GET request: isDeniedIP: Error: Access to this host is denied by policy.",
    ],
    [
      "http://10.0.0.8/x",
      "Failed to make GET request: isDeniedIP: Error: Access to this host is denied by policy.",
    ],
    ["http://[::1]/x", "Failed to make GET request: Access to this host is denied by policy."],
  ])("the private-host refusal of %s, in Flowise's words", async (url, output) => {
    const { result, sent } = await call(tool({ url }), {});
    expect(result.output).toBe(output);
    expect(sent).toEqual([]);
  });
});

describe("the standard profile does not change", () => {
  test("a negative max output length is refused at creation", () => {
    expect(() => createRequestTool(tool({ maxOutputLength: -5 }), { profile: "standard" })).toThrow(
      "t: maxOutputLength must be 0 or more (Flowise reads -5 as slice(0, -5): all but the last 5 characters)",
    );
  });

  test("a lower-case content-type replaces the default", async () => {
    const recorder = recordingFetch();
    const config = tool({ method: "POST", headers: { "content-type": "text/plain" } });
    await createRequestTool(config, { profile: "standard", fetch: recorder.fetch }).invoke({ body: {} });
    expect(recorder.last()?.headers["content-type"]).toBe("text/plain");
  });
});

describe("section 6: Query Params Schemas Flowise 3.1.4 accepts", () => {
  test("one it could not parse: the LLM sees free-form params, and none is sent", async () => {
    const config = tool({ queryParamsSchemaInvalid: true });
    const created = createRequestTool(config, PUBLIC);
    expect(created.inputSchema).toMatchObject({ properties: { queryParams: { type: "object" } } });
    const { sent } = await call(config, { queryParams: { id: "1" } });
    expect(sent.map((request) => request.url)).toEqual([`${URL_BASE}/things`]);
  });

  test('a param with "in": "header" is dropped, and the tool still works', async () => {
    const config = tool({
      queryParamsSchema: { token: { type: "string", in: "header" }, id: { type: "string", in: "query" } },
    });
    const { sent } = await call(config, { queryParams: { token: "t", id: "1" } });
    expect(sent.map((request) => request.url)).toEqual([`${URL_BASE}/things?id=1`]);
    expect(sent[0]?.headers).not.toHaveProperty("token");
  });

  test('the standard profile refuses a param with "in": "header"', () => {
    const config = tool({ queryParamsSchema: { token: { type: "string", in: "header" } } });
    expect(() => createRequestTool(config, { profile: "standard" })).toThrow(
      't: param token has "in": "header"; only path and query are sent (Flowise drops it)',
    );
  });
});

describe("section 6: variables as the Flowise server resolves them, per flow kind", () => {
  const agentflow = () =>
    loadToolConfigs([packagePath("fixtures", "flowise", "event-agent-agentflow.json")]).tools.map(
      (tool) => tool.config as RequestToolConfig,
    );
  const byName = (configs: RequestToolConfig[], name: string) =>
    configs.find((config) => config.name === name) as RequestToolConfig;
  const vars = { base_url: URL_BASE };

  test("Agentflow V2, get_events first: its URL resolves, and the GET tool works", async () => {
    const { result, sent } = await call(
      byName(agentflow(), "get_events"),
      { queryParams: { id: "1" } },
      undefined,
      {
        vars,
      },
    );
    expect(result.ok).toBe(true);
    expect(sent.map((request) => request.url)).toEqual([`${URL_BASE}/events/1`]);
  });

  test.each([
    ["delete_event", { queryParams: { id: "1" } }, "Failed to make DELETE request: Invalid URL"],
    [
      "create_event",
      { body: { name: "n", date: "d", location: "l" } },
      "Failed to make POST request: Invalid URL",
    ],
    [
      "update_event",
      { body: { name: "n", date: "d", location: "l" } },
      "Failed to make PUT request: Invalid URL",
    ],
  ])(
    "Agentflow V2: %s's URL is never resolved, so it fails with %j and sends nothing",
    async (name, args, output) => {
      const { result, sent } = await call(byName(agentflow(), name), args, undefined, { vars });
      expect(result).toMatchObject({ ok: false, output });
      expect(sent).toEqual([]);
    },
  );

  test("the standard profile resolves every field, whatever flow the tool came from", async () => {
    const { result, sent } = await call(
      byName(agentflow(), "delete_event"),
      { queryParams: { id: "1" } },
      undefined,
      { profile: "standard", vars },
    );
    expect(result.ok).toBe(true);
    expect(sent.map((request) => `${request.method} ${request.url}`)).toEqual([
      `DELETE ${URL_BASE}/events/1`,
    ]);
  });

  test("tooldeck's own configs keep every variable resolved under flowise", async () => {
    const own = tool({ method: "DELETE", url: "{{$vars.base_url}}/events/1" });
    const { result, sent } = await call(own, {}, undefined, { vars });
    expect(result.ok).toBe(true);
    expect(sent.map((request) => request.url)).toEqual([`${URL_BASE}/events/1`]);
  });

  test("chatflow V1: $vars resolve, {{current_date_time}} and {{ spaced }} variables stay literal", async () => {
    const flow = {
      nodes: [
        {
          data: {
            name: "requestsGet",
            inputs: {
              requestsGetUrl: "{{$vars.base_url}}/log/{{current_date_time}}",
              requestsGetName: "log",
              requestsGetHeaders: '{"Authorization": "{{ $vars.token }}", "X-Token": "{{$vars.token}}"}',
            },
          },
        },
      ],
    };
    const [loaded] = loadFlowiseFlow(flow, "chatflow.json").tools;
    const options = { vars: { ...vars, token: "t0k" }, now: () => new Date(0) };
    const { sent } = await call(loaded?.config as RequestToolConfig, {}, undefined, options);
    expect(sent[0]?.url).toBe(`${URL_BASE}/log/%7B%7Bcurrent_date_time%7D%7D`);
    expect(sent[0]?.headers).toMatchObject({ authorization: "{{ $vars.token }}", "x-token": "t0k" });
  });

  test("chatflow V1: a literal {{…}} in the query goes out percent-encoded, as node-fetch writes the URL", async () => {
    const flow = {
      nodes: [
        {
          data: {
            name: "requestsGet",
            inputs: {
              requestsGetUrl: "{{$vars.base_url}}/log?at={{current_date_time}}&who={{ $vars.token }}&p=a|b^c",
              requestsGetName: "log",
            },
          },
        },
      ],
    };
    const [loaded] = loadFlowiseFlow(flow, "chatflow.json").tools;
    const options = { vars: { ...vars, token: "t0k" }, now: () => new Date(0) };
    const { result, sent } = await call(loaded?.config as RequestToolConfig, {}, undefined, options);
    const wire = `${URL_BASE}/log?at=%7B%7Bcurrent_date_time%7D%7D&who=%7B%7B%20$vars.token%20%7D%7D&p=a%7Cb%5Ec`;
    expect(sent[0]?.url).toBe(wire);
    expect(result.request?.url).toBe(wire);
  });

  test("in an Agentflow V2 agent whose first tool is a POST, the POST tools' Body resolves too", async () => {
    const post = (name: string) => ({
      agentSelectedTool: "requestsPost",
      agentSelectedToolConfig: {
        requestsPostUrl: "{{$vars.base_url}}/events",
        requestsPostName: name,
        requestPostBody: '{"source": "{{$vars.source}}"}',
      },
    });
    const get = {
      agentSelectedTool: "requestsGet",
      agentSelectedToolConfig: { requestsGetUrl: "{{$vars.base_url}}/events", requestsGetName: "list" },
    };
    const flow = {
      nodes: [{ data: { name: "agentAgentflow", inputs: { agentTools: [post("a"), get, post("b")] } } }],
    };
    const configs = loadFlowiseFlow(flow, "agentflow.json").tools.map(
      (loaded) => loaded.config as RequestToolConfig,
    );
    const options = { vars: { ...vars, source: "agent" } };
    const posted = await call(byName(configs, "b"), {}, undefined, options);
    expect(posted.sent.map((request) => [request.url, request.body])).toEqual([
      [`${URL_BASE}/events`, '{"source":"agent"}'],
    ]);
    const listed = await call(byName(configs, "list"), {}, undefined, options);
    expect(listed.result.output).toBe("Failed to make GET request: Invalid URL");
  });
});

describe("section 6: the first tool's rule decides HTML handling in an Agentflow V2 Agent node", () => {
  type AgentTool = { agentSelectedTool: string; agentSelectedToolConfig: Record<string, string> };
  const post = (name: string, inputs: Record<string, string> = {}): AgentTool => ({
    agentSelectedTool: "requestsPost",
    agentSelectedToolConfig: {
      requestsPostUrl: `<p>${URL_BASE}/events</p>`,
      requestsPostName: name,
      ...inputs,
    },
  });
  const get = (name: string, inputs: Record<string, string> = {}): AgentTool => ({
    agentSelectedTool: "requestsGet",
    agentSelectedToolConfig: {
      requestsGetUrl: `<p>${URL_BASE}/events</p>`,
      requestsGetName: name,
      ...inputs,
    },
  });
  const agentWith = (...agentTools: AgentTool[]) =>
    loadFlowiseFlow(
      { nodes: [{ data: { name: "agentAgentflow", inputs: { agentTools } } }] },
      "agentflow.json",
    );
  const chatflowWith = (node: AgentTool) =>
    loadFlowiseFlow(
      { nodes: [{ data: { name: node.agentSelectedTool, inputs: node.agentSelectedToolConfig } }] },
      "chatflow.json",
    );
  /** What the tool named `name` sends (method, decoded URL, body), or why it was not created. */
  async function sends(loaded: ReturnType<typeof loadFlowiseFlow>, name: string) {
    const found = loaded.tools.find((entry) => entry.config.name === name);
    if (!found) return { notCreated: loaded.errors.map((error) => error.message.split(".")[0]) };
    const { sent } = await call(found.config as RequestToolConfig, {});
    const request = sent[0];
    return request && { request: `${request.method} ${decodeURIComponent(request.url)}`, body: request.body };
  }
  const HTML_BODY = { requestPostBody: '<p>{"a": 1}</p>' };
  const ENTITY_URL = `<p>${URL_BASE}/events?a=1&amp;param=2</p>`;

  test.each([
    [
      "a POST first: its HTML-wrapped Body is converted to text and works",
      agentWith(post("create", HTML_BODY), get("list")),
      "create",
      { request: `POST ${URL_BASE}/events`, body: '{"a":1}' },
    ],
    [
      "a POST first: a later POST's HTML-wrapped Body is converted too (its input name is resolved)",
      agentWith(post("first"), get("list"), post("create", HTML_BODY)),
      "create",
      { request: `POST ${URL_BASE}/events`, body: '{"a":1}' },
    ],
    [
      "a GET first: a POST's HTML-wrapped Body reaches the node as stored and fails at creation",
      agentWith(get("list"), post("create", HTML_BODY)),
      "create",
      { notCreated: ["Invalid JSON format in body"] },
    ],
    [
      "a chatflow V1: the Body is not converted, as before",
      chatflowWith(post("create", HTML_BODY)),
      "create",
      { notCreated: ["Invalid JSON format in body"] },
    ],
    [
      "the first tool's URL: entities decoded twice, &amp;param → &param → ¶m",
      agentWith(get("list", { requestsGetUrl: ENTITY_URL })),
      "list",
      { request: `GET ${URL_BASE}/events?a=1¶m=2`, body: "" },
    ],
    [
      "a URL the first tool does not name: decoded once, by the node",
      agentWith(get("list"), post("create", { requestsPostUrl: ENTITY_URL })),
      "create",
      { request: `POST ${URL_BASE}/events?a=1&param=2`, body: "{}" },
    ],
    [
      "a chatflow V1 URL: decoded once",
      chatflowWith(get("list", { requestsGetUrl: ENTITY_URL })),
      "list",
      { request: `GET ${URL_BASE}/events?a=1&param=2`, body: "" },
    ],
  ])("%s", async (_name, loaded, name, expected) => {
    expect(await sends(loaded, name)).toEqual(expected);
  });

  // Issue 40: in an Agentflow V2 flow Flowise turns Turndown's escaping off when it converts HTML, so
  // Markdown characters reach the request as typed; a chatflow keeps Turndown's escaping.
  const MARKDOWN = {
    requestsGetUrl: `<p>${URL_BASE}/my_path/a/*b/[x]</p>`,
    requestsGetHeaders: '<p>{"Authorization": "Bearer a_b*c"}</p>',
  };
  test.each([
    ["the first tool", agentWith(get("list", MARKDOWN)), "list"],
    ["a later tool", agentWith(post("first"), get("list", MARKDOWN)), "list"],
  ])("Agentflow V2, %s: no Turndown escaping in the URL and the Headers", async (_, loaded, name) => {
    const found = loaded.tools.find((entry) => entry.config.name === name);
    const { sent } = await call(found?.config as RequestToolConfig, {});
    expect(sent[0]?.url).toBe(`${URL_BASE}/my_path/a/*b/[x]`);
    expect(sent[0]?.headers.authorization).toBe("Bearer a_b*c");
  });

  test("a chatflow V1 keeps Turndown's escaping: * becomes \\* (a / in a URL), _ [ ] are un-escaped", () => {
    const config = chatflowWith(get("list", MARKDOWN)).tools[0]?.config as RequestToolConfig;
    expect(config.url).toBe(`${URL_BASE}/my_path/a/\\*b/[x]`);
  });

  test("the first tool's Headers: entities decoded twice too (&amp;lt; → &lt; → <)", async () => {
    const headers = { requestsGetHeaders: '<p>{"X-Tag": "&amp;lt;b&amp;gt;"}</p>' };
    const first = agentWith(get("list", headers)).tools[0]?.config as RequestToolConfig;
    const later = agentWith(post("first"), get("list", headers)).tools[1]?.config as RequestToolConfig;
    expect([first.headers, later.headers]).toEqual([{ "X-Tag": "<b>" }, { "X-Tag": "&lt;b&gt;" }]);
  });
});
