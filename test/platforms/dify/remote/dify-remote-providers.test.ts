import { describe, expect, test } from "vitest";
import { createDifyApiTool } from "../../../../src/platforms/dify/api-tool/create-dify-api-tool.js";
import { apiToolOf } from "../../../../src/platforms/dify/api-tool/load-api-bundles.js";
import type { DifyApiToolConfig } from "../../../../src/platforms/dify/config/dify-api-tool-config.js";
import { DIFY_REMOTE } from "../../../../src/platforms/dify/remote/dify-remote.js";
import { MAX_PROVIDER_ANSWER_BYTES } from "../../../../src/platforms/dify/remote/fetch-api-providers.js";
import { documentOf } from "../api-tool/api-tool-support.js";

/** An app (exported by its id, so named by it: `dify:<id>`) whose Tool node calls `tool` of the custom provider `provider` (fact 15). */
const appUsing = (
  name: string,
  provider: string,
  tool = "getForecast",
) => `app: {mode: workflow, name: ${name}}
kind: app
version: 0.6.0
workflow:
  graph:
    nodes:
    - id: t1
      data: {type: tool, title: Forecast, provider_type: api, provider_id: 6c1f, provider_name: ${provider}, tool_name: ${tool}, tool_parameters: {}}
`;

const WEATHER = JSON.stringify(
  documentOf("/forecast", "get", {
    operationId: "getForecast",
    parameters: [{ name: "city", in: "query", required: true }],
  }),
);
/** What Dify masks a provider's key to (`mask_plugin_credentials`): tooldeck must keep none of it. */
const MASKED_KEY = "sk-1************cdef";

const ORIGIN = "http://127.0.0.1:5001";
const PROVIDER_GET = `${ORIGIN}/console/api/workspaces/current/tool-provider/api/get?provider=`;

type Answer = (request: Request) => Response | Promise<Response>;

/**
 * Dify's console in-process: the apps given by id, each app's export, and the custom tool providers
 * (`GET …/tool-provider/api/get?provider=`) answered by `providers`; an unknown one refused as Dify does.
 */
function difyConsole(apps: Record<string, string>, providers: Record<string, Answer>, seen: string[] = []) {
  return async (request: Request) => {
    seen.push(`${request.url} ${request.headers.get("authorization")}`);
    if (request.headers.get("authorization") !== "Bearer t")
      return Response.json({ code: "unauthorized", message: "Invalid token.", status: 401 }, { status: 401 });
    const url = new URL(request.url);
    const app = /^\/console\/api\/apps\/(\w+)\/export$/.exec(url.pathname)?.[1];
    if (app && apps[app]) return Response.json({ data: apps[app] });
    if (url.pathname === "/console/api/workspaces/current/tool-provider/api/get") {
      const name = url.searchParams.get("provider") ?? "";
      const answer = providers[name];
      if (answer) return answer(request);
      return Response.json(
        { code: "invalid_param", message: `you have not added provider ${name}`, status: 400 },
        { status: 400 },
      );
    }
    return Response.json({ code: "not_found", message: "Not found.", status: 404 }, { status: 404 });
  };
}

/** A provider as `ToolManager.user_get_api_provider` answers it: its document, tools, masked credentials. */
const provider =
  (schema: string, schemaType = "openapi"): Answer =>
  () =>
    Response.json({
      schema_type: schemaType,
      schema,
      tools: [],
      icon: { background: "#252525", content: "🌤" },
      description: "",
      credentials: {
        auth_type: "api_key_header",
        api_key_header: "Authorization",
        api_key_value: MASKED_KEY,
      },
      privacy_policy: "",
      custom_disclaimer: "",
      labels: [],
    });

async function load(apps: Record<string, string>, providers: Record<string, Answer>, seen: string[] = []) {
  return DIFY_REMOTE.load({
    url: ORIGIN,
    apiKey: "t",
    ids: Object.keys(apps),
    fetch: difyConsole(apps, providers, seen),
  });
}

const messages = (issues: readonly { file: string; path: string; message: string }[] | undefined) =>
  (issues ?? []).map((issue) => `${issue.file}: ${issue.path}: ${issue.message}`);

describe("--dify: the custom tool providers' documents read from the same Dify", () => {
  test("the document Dify answers is the tool's, inline; the masked credentials are kept nowhere", async () => {
    const seen: string[] = [];
    const result = await load(
      { Forecasts: appUsing("Forecasts", "weather") },
      { weather: provider(WEATHER) },
      seen,
    );
    expect(messages(result.errors)).toEqual([]);
    expect(messages(result.notes)).toEqual([]);
    expect(seen).toEqual([
      `${ORIGIN}/console/api/apps/Forecasts/export?include_secret=false Bearer t`,
      `${PROVIDER_GET}weather Bearer t`,
    ]);
    const [tool] = result.tools;
    expect(tool?.source).toEqual({
      file: "dify:Forecasts",
      path: "workflow.graph.nodes[0].data",
      format: "dify",
    });
    const config = tool?.config as DifyApiToolConfig;
    expect(config).toMatchObject({ kind: "dify-api-tool", name: "getForecast", provider: "weather" });
    expect(config.spec).toMatch(/^data:text\/plain;base64,.*,filename:dify:tool-provider\/weather$/);
    expect(apiToolOf(config)?.bundle).toMatchObject({
      name: "getForecast",
      method: "get",
      url: "https://api.example.com/forecast",
    });
    // The tool runs from the inline document as it does from a file.
    expect(createDifyApiTool(config).endpoint).toEqual({
      method: "GET",
      url: "https://api.example.com/forecast",
    });
    expect(JSON.stringify(result)).not.toContain("************");
    expect(JSON.stringify(result)).not.toContain("cdef");
  });

  test("a provider two apps use is fetched once", async () => {
    const seen: string[] = [];
    const result = await load(
      { First: appUsing("First", "weather"), Second: appUsing("Second", "weather") },
      { weather: provider(WEATHER) },
      seen,
    );
    expect(seen.filter((line) => line.startsWith(PROVIDER_GET))).toEqual([`${PROVIDER_GET}weather Bearer t`]);
    expect(result.tools.map((tool) => [tool.source.file, tool.config.name])).toEqual([
      ["dify:First", "getForecast"],
      ["dify:Second", "getForecast"],
    ]);
  });

  test("a provider Dify does not know is a load error naming it; the other apps' tools still load", async () => {
    const result = await load(
      { Gone: appUsing("Gone", "nope"), Forecasts: appUsing("Forecasts", "weather") },
      { weather: provider(WEATHER) },
    );
    expect(messages(result.errors)).toEqual([
      `dify:Gone: workflow.graph.nodes[0].data: custom tool provider "nope" (read from Dify): ${PROVIDER_GET}nope: 400 you have not added provider nope`,
    ]);
    expect(result.tools.map((tool) => tool.source.file)).toEqual(["dify:Forecasts"]);
  });

  test.each<[string, Answer, string]>([
    [
      "an answer that is not a provider",
      () => Response.json({ result: "success" }),
      `${PROVIDER_GET}weather: expected { "schema_type", "schema": "<the document>" }`,
    ],
    [
      "an OpenAI plugin manifest",
      provider('{"schema_version": "v1"}', "openai_plugin"),
      `${PROVIDER_GET}weather: its schema_type is openai_plugin; tooldeck reads openapi and swagger documents (not modelled)`,
    ],
    [
      "a document Dify would refuse",
      provider("openapi: 3.0.0\npaths: {}\n"),
      expect.stringContaining(
        "Invalid api schema, openapi error: No server found in the openapi yaml.",
      ) as unknown as string,
    ],
    [
      "a redirect to another origin (the token is not sent there)",
      () => new Response(null, { status: 302, headers: { location: "http://127.0.0.2/steal" } }),
      `${PROVIDER_GET}weather: redirected to http://127.0.0.2, another origin: not followed (the API key goes only to ${ORIGIN})`,
    ],
    [
      "an answer over the size bound",
      () => Response.json({ schema_type: "openapi", schema: "x".repeat(MAX_PROVIDER_ANSWER_BYTES) }),
      `${PROVIDER_GET}weather: the answer is over ${MAX_PROVIDER_ANSWER_BYTES} bytes: not read`,
    ],
  ])("%s: a load error of the tool naming the provider, never a crash", async (_case, answer, message) => {
    const seen: string[] = [];
    const result = await load({ Forecasts: appUsing("Forecasts", "weather") }, { weather: answer }, seen);
    expect(result.tools).toEqual([]);
    expect(result.errors).toEqual([
      {
        file: "dify:Forecasts",
        path: "workflow.graph.nodes[0].data",
        message: typeof message === "string" ? expect.stringContaining(message) : message,
      },
    ]);
    expect(result.errors[0]?.message).toMatch(/^custom tool provider "weather" \(/);
    expect(seen.every((line) => line.startsWith(ORIGIN))).toBe(true);
  });

  test("an app with no custom API tool asks for no provider", async () => {
    const seen: string[] = [];
    const http = `app: {mode: workflow, name: Plain}
kind: app
version: 0.6.0
workflow:
  graph:
    nodes:
    - id: '1'
      data: {type: http-request, title: get_items, method: get, url: 'https://api.example.com/items'}
`;
    await load({ a1: http }, {}, seen);
    expect(seen).toEqual([`${ORIGIN}/console/api/apps/a1/export?include_secret=false Bearer t`]);
  });
});
