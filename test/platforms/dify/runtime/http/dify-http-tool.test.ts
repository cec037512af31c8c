import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { loadToolConfigs } from "../../../../../src/config/load-tool-configs.js";
import type { ToolConfig } from "../../../../../src/config/tool-config.js";
import { createTool, createTools } from "../../../../../src/runtime/create-tools.js";
import type { ToolRuntimeOptions } from "../../../../../src/runtime/runtime-options.js";

/** What the loopback server received: method, URL, raw headers (lower-case names) and body. */
interface Received {
  method: string;
  url: string;
  headers: [string, string][];
  body: string;
}
const received: Received[] = [];
/** Answers by path; `/flaky` fails with 500 once, then answers 200. */
let flakyCalls = 0;
const routes: Record<string, (response: ServerResponse) => void> = {
  "/events": (r) => answer(r, 200, { "Content-Type": "application/json", "X-Trace": "t1" }, '{"ok":true}'),
  "/missing": (r) => answer(r, 404, { "Content-Type": "application/json" }, '{"error":"no such event"}'),
  "/busy": (r) => answer(r, 503, { "Content-Type": "text/plain" }, "try later"),
  "/limited": (r) => answer(r, 429, { "Content-Type": "text/plain" }, "slow down"),
  "/flaky": (r) => (++flakyCalls === 1 ? answer(r, 500, {}, "boom") : answer(r, 200, {}, "recovered")),
  "/csv": (r) => answer(r, 200, { "Content-Type": "text/csv" }, "a,b\n1,2\n"),
  "/png": (r) => answer(r, 200, { "Content-Type": "image/png" }, "\x89PNG"),
  "/attachment": (r) =>
    answer(
      r,
      200,
      { "Content-Type": "application/json", "Content-Disposition": 'attachment; filename="e.json"' },
      "{}",
    ),
  "/large": (r) => answer(r, 200, { "Content-Type": "text/plain" }, "x".repeat(1.5 * 1024 * 1024)),
  "/redirect": (r) => answer(r, 302, { Location: "/events" }, ""),
  // Never answers: the call's time limit ends it.
  "/slow": () => {},
};
const server: Server = createServer((request: IncomingMessage, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    const headers: [string, string][] = [];
    for (let i = 0; i + 1 < request.rawHeaders.length; i += 2)
      headers.push([(request.rawHeaders[i] as string).toLowerCase(), request.rawHeaders[i + 1] as string]);
    const url = request.url ?? "/";
    received.push({
      method: request.method ?? "",
      url,
      headers,
      body: Buffer.concat(chunks).toString("utf8"),
    });
    (routes[url.split("?")[0] ?? ""] ?? routes["/events"])?.(response);
  });
});

function answer(response: ServerResponse, status: number, headers: Record<string, string>, body: string) {
  response.sendDate = false;
  response.writeHead(status, headers);
  response.end(body);
}

const origin = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
beforeAll(() => new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve)));
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  received.length = 0;
  flakyCalls = 0;
});

/** A node as tools/ would hold it: `kind: dify-http-request`, GET {{#env.base_url#}}<path>. */
function node(fields: Record<string, unknown> = {}): ToolConfig {
  return {
    kind: "dify-http-request",
    name: "Get Events",
    node: "1733309556954",
    method: "get",
    url: "{{#env.base_url#}}/events",
    ...fields,
  } as unknown as ToolConfig;
}

async function invoke(config: ToolConfig, args: unknown = {}, options: ToolRuntimeOptions = {}) {
  const [tool] = await createTool(config, { vars: { base_url: origin() }, ...options });
  if (!tool) throw new Error("no tool");
  return tool.invoke(args);
}

describe("the tool the node is", () => {
  test("named by its title, described by its desc, its inputs the referenced variables but env", async () => {
    const config = node({
      name: "Update Event",
      desc: "Updates one event",
      method: "put",
      url: "{{#env.base_url#}}/events/{{#start.id#}}",
      headers: "X-Request: {{#sys.query#}}",
    });
    const [tool] = await createTool(config, {});
    expect(tool).toMatchObject({
      name: "Update_Event",
      description: "Updates one event",
      endpoint: { method: "PUT", url: "{{#env.base_url#}}/events/{{#start.id#}}" },
      inputSchema: {
        type: "object",
        properties: {
          "start.id": { type: "string", description: "Dify variable {{#start.id#}}" },
          "sys.query": { type: "string", description: "Dify variable {{#sys.query#}}" },
        },
        required: ["start.id", "sys.query"],
      },
    });
  });

  test("a title with no Latin letter or digit (天气查询) is named by its node id, so two such nodes stay apart", async () => {
    const tools = await createTools([
      node({ name: "天气查询", node: "1733309556954" }),
      node({ name: "搜索", node: "1733309556955" }),
      node({ name: "搜索 API", node: "1733309556956" }),
    ]);
    expect(tools.map((tool) => tool.name)).toEqual([
      "http_request_1733309556954",
      "http_request_1733309556955",
      "___API",
    ]);
  });

  test("an env variable tooldeck was not given: not reproduced, nothing sent", async () => {
    const result = await invoke(node(), {}, { vars: {} });
    expect(result.output).toBe(
      "not reproduced: environment variable base_url is not set (set it with --var base_url=… or --secret base_url=…)",
    );
    expect(received).toHaveLength(0);
  });
});

describe("on the wire (a real socket)", () => {
  test("fact 40: the outputs, as JSON text, and only httpx's headers sent", async () => {
    const result = await invoke(node());
    expect(result.ok).toBe(true);
    expect(JSON.parse(result.output)).toEqual({
      status_code: 200,
      body: '{"ok":true}',
      headers: {
        "content-type": "application/json",
        "x-trace": "t1",
        // The server's own, answering httpx's `connection: keep-alive`.
        connection: "keep-alive",
        "keep-alive": "timeout=5",
        "transfer-encoding": "chunked",
      },
      files: [],
    });
    expect(received[0]?.headers.map(([name]) => name).sort()).toEqual([
      "accept",
      "accept-encoding",
      "connection",
      "host",
    ]);
  });

  test("fact 27: a variable holding CR LF adds a header the server receives", async () => {
    const config = node({ headers: "X-Title: {{#start.title#}}" });
    await invoke(config, { "start.title": "hello\r\nX-Injected: 1" });
    expect(received[0]?.headers).toContainEqual(["x-injected", "1"]);
    expect(received[0]?.headers).toContainEqual(["x-title", "hello"]);
  });

  test("fact 28: the same CR LF in a param stays in its value, encoded", async () => {
    await invoke(node({ params: "q: {{#start.q#}}" }), { "start.q": "hello\r\nX-Injected: 1" });
    expect(received[0]?.url).toBe("/events?q=hello%0D%0AX-Injected%3A%201");
    expect(received[0]?.headers.map(([name]) => name)).not.toContain("x-injected");
  });

  test("facts 29–30: a JSON body is sent compact, with Content-Length", async () => {
    const config = node({
      method: "post",
      body: {
        type: "json",
        data: [{ type: "text", value: '{ "title": "{{#start.title#}}", "done": false }' }],
      },
    });
    await invoke(config, { "start.title": "Café" });
    expect(received[0]).toMatchObject({ method: "POST", body: '{"title":"Café","done":false}' });
    expect(received[0]?.headers).toContainEqual(["content-type", "application/json"]);
    expect(received[0]?.headers).toContainEqual(["content-length", "30"]);
  });

  test("fact 32: a form-data body carries the placeholder part under httpx's boundary", async () => {
    const config = node({
      method: "post",
      body: { type: "form-data", data: [{ type: "text", key: "a", value: "1" }] },
    });
    await invoke(config);
    const type = received[0]?.headers.find(([name]) => name === "content-type")?.[1] ?? "";
    const boundary = /^multipart\/form-data; boundary=([0-9a-f]{32})$/.exec(type)?.[1];
    expect(boundary).toBeDefined();
    expect(received[0]?.body).toContain(
      `--${boundary}\r\nContent-Disposition: form-data; name="__multipart_placeholder__"`,
    );
  });

  test("fact 36: redirects are followed", async () => {
    const result = await invoke(node({ url: "{{#env.base_url#}}/redirect" }));
    expect(JSON.parse(result.output)).toMatchObject({ status_code: 200, body: '{"ok":true}' });
    expect(received.map((request) => request.url)).toEqual(["/redirect", "/events"]);
  });
});

describe("facts 37–39: statuses", () => {
  test("fact 39: a 404 succeeds by default, its status and body in the outputs", async () => {
    const result = await invoke(node({ url: "{{#env.base_url#}}/missing" }));
    expect(result.ok).toBe(true);
    expect(JSON.parse(result.output)).toMatchObject({ status_code: 404, body: '{"error":"no such event"}' });
  });

  test("fact 39: with an error strategy it fails: Request failed with status code 404", async () => {
    const result = await invoke(node({ url: "{{#env.base_url#}}/missing", error_strategy: "fail-branch" }));
    expect(result).toMatchObject({
      ok: false,
      output: "Request failed with status code 404",
      error:
        "Dify's HTTP Request node Get Events fails (HTTPResponseCodeError): Request failed with status code 404",
      response: { status: 404 },
    });
  });

  test.each(["/busy", "/limited"])("fact 38: %s (503, 429) loses its status and body", async (path) => {
    const result = await invoke(node({ url: `{{#env.base_url#}}${path}`, params: "page: 1" }));
    expect(result.ok).toBe(false);
    expect(result.output).toBe(`Reached maximum retries for URL ${origin()}${path}`);
    expect(result.error).toContain("(HttpRequestNodeError)");
    expect(received).toHaveLength(1);
  });

  test("fact 37: the node's retry_config runs the node again; the last run is the result", async () => {
    const retry_config = { retry_enabled: true, max_retries: 2, retry_interval: 0 };
    const result = await invoke(node({ url: "{{#env.base_url#}}/flaky", retry_config }));
    expect(JSON.parse(result.output)).toMatchObject({ status_code: 200, body: "recovered" });
    expect(received).toHaveLength(2);
  });

  test("fact 39: retry enabled makes a non-2xx answer fail, and every try is made", async () => {
    const retry_config = { retry_enabled: true, max_retries: 1, retry_interval: 0 };
    const result = await invoke(node({ url: "{{#env.base_url#}}/missing", retry_config }));
    expect(result.output).toBe("Request failed with status code 404");
    expect(received).toHaveLength(2);
  });
});

describe("facts 40–42: what the answer becomes", () => {
  test("fact 41: an image is a file, its body empty", async () => {
    const result = await invoke(node({ url: "{{#env.base_url#}}/png" }));
    expect(JSON.parse(result.output)).toMatchObject({ body: "", files: [{ mime_type: "image/png" }] });
  });

  test("fact 41: Content-Disposition attachment makes even JSON a file", async () => {
    const result = await invoke(node({ url: "{{#env.base_url#}}/attachment" }));
    expect(JSON.parse(result.output)).toMatchObject({
      body: "",
      files: [{ mime_type: "application/json", size: 2 }],
    });
  });

  test("fact 41 as graphon's code reads: text/csv reaches the mimetypes step as text/*, so it is text", async () => {
    const result = await invoke(node({ url: "{{#env.base_url#}}/csv" }));
    expect(JSON.parse(result.output)).toMatchObject({ body: "a,b\n1,2\n", files: [] });
  });

  test("fact 42: a text answer over 1 MiB fails the node", async () => {
    const result = await invoke(node({ url: "{{#env.base_url#}}/large" }));
    expect(result.output).toBe("Text size is too large, max size is 1.00 MB, but current size is 1.50 MB.");
    expect(result.error).toContain("(ResponseSizeError)");
  });
});

describe("fact 44 and tooldeck's guard", () => {
  test("a refused connection fails with httpx's message", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const result = await invoke(node(), {}, { vars: { base_url: `http://127.0.0.1:${port}` } });
    expect(result.output).toBe("[Errno 111] Connection refused");
  });

  test("facts 13–14: the node's timeouts bound the call; a timeout fails with httpx's `timed out`", async () => {
    const timeout = { connect: 1, read: 1, write: 1 };
    const result = await invoke(node({ url: "{{#env.base_url#}}/slow", timeout }));
    expect(result).toMatchObject({ ok: false, output: "timed out" });
    expect(result.error).toContain("(HttpRequestNodeError)");
  });

  test("the outbound guard refuses a loopback host it was not told of, and nothing is sent", async () => {
    const result = await invoke(
      node(),
      {},
      { outbound: { allowedHosts: ["api.example.com"], allowWrites: false } },
    );
    expect(result.ok).toBe(false);
    expect(result.output).toMatch(/^not sent: refused: host 127\.0\.0\.1:\d+ is not allowed/);
    expect(received).toHaveLength(0);
  });

  test("the outbound guard lets a named host through", async () => {
    const host = origin().slice("http://".length);
    const result = await invoke(node(), {}, { outbound: { allowedHosts: [host], allowWrites: false } });
    expect(result.ok).toBe(true);
  });
});

describe("a node written in tools/ and a fetch seam", () => {
  test("a tools/ YAML file of kind dify-http-request loads and runs", async () => {
    const folder = mkdtempSync(join(tmpdir(), "tooldeck-dify-"));
    writeFileSync(
      join(folder, "update-event.yaml"),
      [
        "kind: dify-http-request",
        "name: Update Event",
        "method: patch",
        "url: '{{#env.base_url#}}/events/{{#start.id#}}'",
        "headers: 'Authorization: Bearer {{#env.token#}}'",
        "body:",
        "  type: json",
        "  data:",
        "    - type: text",
        "      value: '{\"done\": {{#start.done#}}}'",
        "",
      ].join("\n"),
    );
    const { tools, errors } = loadToolConfigs([folder], { cwd: folder, roots: [folder] });
    expect(errors).toEqual([]);
    const configs = tools.map((loaded) => loaded.config);
    const [tool] = await createTools(configs, { vars: { base_url: origin(), token: "t0ken" } });
    const result = await tool?.invoke({ "start.id": "7", "start.done": 1 });
    expect(result?.ok).toBe(true);
    expect(received[0]).toMatchObject({ method: "PATCH", url: "/events/7", body: '{"done":1}' });
    expect(received[0]?.headers).toContainEqual(["authorization", "Bearer t0ken"]);
  });

  test("--base-url aims a node whose URL is written with its origin there; a variable origin is left", async () => {
    const written = await invoke(
      node({ url: "https://api.example.com/events?x=1" }),
      {},
      { baseUrl: origin() },
    );
    expect(written.ok).toBe(true);
    expect(received[0]?.url).toBe("/events?x=1");
    const [tool] = await createTool(node(), { baseUrl: "http://127.0.0.1:1" });
    expect(tool?.endpoint?.url).toBe("{{#env.base_url#}}/events");
  });

  test("an in-process fetch (the runtime's seam) gets the same request and its answer is read the same way", async () => {
    const seen: Request[] = [];
    const fetch = async (input: string | URL | Request, init?: RequestInit) => {
      seen.push(new Request(input, init));
      return new Response('{"id":7}', { status: 201, headers: { "Content-Type": "application/json" } });
    };
    const result = await invoke(
      node({ method: "post", url: "https://api.example.com/events" }),
      {},
      { fetch },
    );
    expect(JSON.parse(result.output)).toEqual({
      status_code: 201,
      body: '{"id":7}',
      headers: { "content-type": "application/json" },
      files: [],
    });
    expect(seen[0]?.headers.get("content-length")).toBe("0");
    expect(seen[0]?.headers.get("user-agent")).toBeNull();
  });
});
