import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { RequestToolConfigSchema } from "../../../src/config/request-tool-config.js";
import type { LoadedTool, ToolConfig } from "../../../src/config/tool-config.js";
import { type ProbeOptions, probe } from "../../../src/lint/probe/probe.js";
import { type FetchLike, markInProcess } from "../../../src/net/fetch-like.js";
import { loadSpec } from "../../../src/openapi/load-spec.js";
import { createOperationIndex } from "../../../src/openapi/operation-index.js";
import { AGENT_2, currentNode } from "../../platforms/n8n/support/n8n-nodes.js";

/** A service that answers in the process, and the requests it was sent. */
function service(
  answer: (request: Request) => Response | Promise<Response> = () => Response.json({ ok: true }),
) {
  const sent: string[] = [];
  const fetch = markInProcess(
    async (input: string | URL | Request, init?: RequestInit) => {
      const request = new Request(input, init);
      const body = request.method === "GET" ? "" : ` ${await request.clone().text()}`;
      sent.push(`${request.method} ${request.url}${body}`);
      return answer(request);
    },
    () => true,
  );
  return { sent, fetch };
}

async function probeOne(config: ToolConfig, options: Partial<ProbeOptions> & { fetch: FetchLike }) {
  const { fetch, ...rest } = options;
  const tool: LoadedTool = { config, source: { file: "w.json", path: "nodes[1]" } };
  const { diagnostics, records } = await probe([tool], {
    profile: config.kind === "n8n-http-tool" ? "n8n" : "standard",
    target: () => ({ fetch }),
    allowWrites: true,
    ...rest,
  });
  return {
    found: diagnostics.map((d) => `${d.severity}: ${d.message}`),
    sent: records.map((record) => record.sent),
  };
}

const itemsApi = async () =>
  createOperationIndex(
    await loadSpec({
      openapi: "3.1.0",
      info: { title: "Items API", version: "1" },
      servers: [{ url: "http://api.test/v1" }],
      paths: {
        "/items/{id}": {
          get: {
            parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
            responses: { 200: { description: "ok" } },
          },
        },
        "/items": { get: { responses: { 200: { description: "ok" } } } },
      },
    }),
  );

const wholeUrl = currentNode({ url: "={{ $fromAI('URL', `the page to read`, 'string') }}" });

describe("probe arguments make a valid request", () => {
  test("a json $fromAI argument (workflow 4399) gets the JSON its description shows, which Agent 2 accepts", async () => {
    const { sent, fetch } = service();
    const config = currentNode(
      {
        url: "http://api.test/v1/messages",
        method: "POST",
        sendBody: true,
        specifyBody: "json",
        jsonBody: `={{ $fromAI('JSON', '{"model": "m", "max_tokens": 5}', 'json') }}`,
      },
      { agent: AGENT_2 },
    );
    const result = await probeOne(config, { fetch });
    expect(result.found).toEqual([]);
    expect(sent).toEqual(['POST http://api.test/v1/messages {"model":"m","max_tokens":5}']);
  });

  test("a whole URL the model chooses (workflow 5850), no API known: not probed, said as info, nothing sent", async () => {
    const { sent, fetch } = service();
    const result = await probeOne(wholeUrl, { fetch });
    expect(result.found).toEqual([
      "info: not probed: the model chooses the URL (URL), and no OpenAPI description or --base-url says which API it calls",
    ]);
    expect(sent).toEqual([]);
  });

  test("a whole URL the model chooses is probed with a read of the API whose description judges it", async () => {
    const { sent, fetch } = service();
    const result = await probeOne(wholeUrl, { fetch, spec: await itemsApi() });
    expect(result.found).toEqual([]);
    expect(sent).toEqual(["GET http://api.test/v1/items"]);
    expect(result.sent).toEqual([
      "GET http://api.test/v1/items → 200 (the model chooses the URL: URL set to one on Items API)",
    ]);
  });

  test("a URL whose start the model chooses gets the API's base, the tool's path after it", async () => {
    const { sent, fetch } = service();
    const config = currentNode({ url: "={{ $fromAI('base', 'the API base URL') }}/items/7" });
    const result = await probeOne(config, { fetch, spec: await itemsApi() });
    expect(result.found).toEqual([]);
    expect(sent).toEqual(["GET http://api.test/v1/items/7"]);
  });

  test("a whole URL the model chooses goes to --base-url", async () => {
    const { sent, fetch } = service();
    const tool: LoadedTool = { config: wholeUrl, source: { file: "w.json", path: "nodes[1]" } };
    const { diagnostics } = await probe([tool], {
      profile: "n8n",
      target: () => ({ fetch, baseUrl: "http://127.0.0.1:8080/api" }),
      allowWrites: false,
    });
    expect(diagnostics).toEqual([]);
    expect(sent).toEqual(["GET http://127.0.0.1:8080/api"]);
  });

  test("a URL argument inside the query is a value, not the tool's URL: the tool's own host is called", async () => {
    const { sent, fetch } = service();
    const config = currentNode({
      url: "=http://api.test/v1/items?source={{ $fromAI('link', 'a link to cite') }}",
    });
    const result = await probeOne(config, { fetch });
    expect(result.found).toEqual([]);
    expect(sent).toEqual(["GET http://api.test/v1/items?source=https://example.com/"]);
  });
});

describe("a failure that comes from tooldeck's arguments is an info, the tool's own stays an error", () => {
  const weather = RequestToolConfigSchema.parse({
    kind: "request",
    method: "GET",
    name: "get_weather",
    description: "Weather for a city",
    url: "http://api.test/weather",
    queryParamsSchema: { city: { type: "string", required: true, description: "The city" } },
  });

  test("the service refuses the value tooldeck made up, quoting it: info", async () => {
    const { fetch } = service(() =>
      Response.json({ error: "unknown city: tooldeck probe city" }, { status: 400 }),
    );
    const result = await probeOne(weather, { fetch });
    expect(result.found).toEqual([
      'info: GET /weather?city=tooldeck+probe+city answered 400 {"error":"unknown city: tooldeck probe city"} (not the tool\'s fault: the value tooldeck made up for queryParams.city was refused)',
    ]);
  });

  test("an emulator refusing a made-up value by its parameter's name (an enum the tool leaves out): info", async () => {
    const message = 'query parameter "city" must be equal to one of the allowed values: Paris, Oslo';
    const { fetch } = service(() => Response.json({ error: { message } }, { status: 401 }));
    const result = await probeOne(weather, { fetch });
    expect(result.found).toEqual([
      `info: GET /weather?city=tooldeck+probe+city answered 401 {"error":{"message":${JSON.stringify(message)}}} (not the tool's fault: the value tooldeck made up for queryParams.city was refused)`,
    ]);
  });

  test("a refusal that does not name tooldeck's value is the tool's: error", async () => {
    const { fetch } = service(() => Response.json({ error: "missing parameter units" }, { status: 400 }));
    const result = await probeOne(weather, { fetch });
    expect(result.found).toEqual([
      'error: GET /weather?city=tooldeck+probe+city answered 400 {"error":"missing parameter units"}',
    ]);
  });

  test("arguments tooldeck could not make fit the tool's schema (a pattern it cannot meet): info", async () => {
    const { sent, fetch } = service();
    const folder = mkdtempSync(join(tmpdir(), "tooldeck-glyphs-"));
    const file = join(folder, "glyphs.json");
    writeFileSync(
      file,
      JSON.stringify({
        openapi: "3.1.0",
        info: { title: "Glyphs", version: "1" },
        servers: [{ url: "http://api.test" }],
        paths: {
          "/glyphs": {
            get: {
              operationId: "find_glyph",
              parameters: [
                {
                  name: "glyph",
                  in: "query",
                  required: true,
                  schema: { type: "string", pattern: "^[^\\x00-\\xff]+$" },
                },
              ],
              responses: { 200: { description: "ok" } },
            },
          },
        },
      }),
    );
    const result = await probeOne({ kind: "openapi-toolkit", spec: file } as ToolConfig, { fetch });
    expect(result.found).toEqual([
      `info: the call failed before sending: invalid arguments for find_glyph: QueryParameters.glyph must match pattern "^[^\\x00-\\xff]+$" (not the tool's fault: tooldeck's probe arguments do not fit the tool's schema: /QueryParameters/glyph must match pattern "^[^\\x00-\\xff]+$")`,
    ]);
    expect(sent).toEqual([]);
  });
});

test("a made-up value in the path of a refused request is not a quote of it: the tool's error stays", async () => {
  const { fetch } = service(() => Response.json({ error: "bad request" }, { status: 400 }));
  const config = currentNode({ url: "=http://api.test/v1/notes/{{ $fromAI('slug') }}" });
  const result = await probeOne(config, { fetch });
  expect(result.found).toEqual([
    'error: GET /v1/notes/tooldeck probe slug answered 400 {"error":"bad request"}; the LLM sees [{"error":"Bad request - please check your parameters"}]',
  ]);
});
