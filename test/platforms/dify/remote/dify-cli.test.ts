import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { tooldeck, tooldeckWithEnv } from "../../../support/run-tooldeck.js";

const DSL = `app: {mode: workflow, name: Events}
kind: app
version: 0.6.0
workflow:
  graph:
    nodes:
    - id: '1'
      data: {type: http-request, title: update_event, method: PUT, url: 'https://api.example.com/events'}
`;

/** An app whose Agent-less Tool node calls the custom provider weather's getForecast (fact 15). */
const API_TOOL_DSL = `app: {mode: workflow, name: Forecasts}
kind: app
version: 0.6.0
workflow:
  graph:
    nodes:
    - id: t1
      data: {type: tool, title: Forecast, provider_type: api, provider_id: 6c1f, provider_name: weather, tool_name: getForecast, tool_parameters: {}}
`;

/** The provider's document as pasted into Dify: a body field typed as an object, which Dify shows as a string. */
const WEATHER = JSON.stringify({
  openapi: "3.0.0",
  info: { title: "Weather", version: "1" },
  servers: [{ url: "https://api.example.com" }],
  paths: {
    "/forecast": {
      post: {
        operationId: "getForecast",
        requestBody: {
          content: {
            "application/json": {
              schema: { type: "object", properties: { where: { type: "object" } } },
            },
          },
        },
      },
    },
  },
});

/** A Dify console on 127.0.0.1: the app list and one export, the token checked; what reached it recorded. */
const seen: string[] = [];
const http: Server = createServer((request, response) => {
  seen.push(`${request.url} ${request.headers.authorization ?? "-"}`);
  response.setHeader("content-type", "application/json");
  if (request.headers.authorization !== "Bearer t") {
    response.statusCode = 401;
    response.end(JSON.stringify({ code: "unauthorized", message: "Invalid token.", status: 401 }));
  } else if (request.url?.startsWith("/console/api/apps?"))
    response.end(JSON.stringify({ data: [{ id: "a1", name: "Events" }], has_more: false }));
  else if (request.url === "/console/api/apps/a1/export?include_secret=false")
    response.end(JSON.stringify({ data: DSL }));
  else if (request.url === "/console/api/apps/a2/export?include_secret=false")
    response.end(JSON.stringify({ data: API_TOOL_DSL }));
  else if (request.url === "/console/api/workspaces/current/tool-provider/api/get?provider=weather")
    response.end(
      JSON.stringify({ schema_type: "openapi", schema: WEATHER, credentials: { auth_type: "none" } }),
    );
  else {
    response.statusCode = 404;
    response.end(JSON.stringify({ message: "App not found." }));
  }
});
const origin = () => `http://127.0.0.1:${(http.address() as AddressInfo).port}`;

beforeAll(() => new Promise<void>((done) => http.listen(0, "127.0.0.1", () => done())));
afterAll(() => {
  http.closeAllConnections();
  return new Promise<void>((done) => http.close(() => done()));
});
beforeEach(() => {
  seen.length = 0;
});

describe("tooldeck lint --dify URL", () => {
  test("every app of the console, each the file dify:<name>, judged under the dify profile", async () => {
    const { exit, stdout } = await tooldeck("lint", "--dify", origin(), "--api-key", "t");
    expect(exit).toBe(0);
    expect(stdout).toContain("dify:Events\n");
    expect(stdout).toContain("\n  update_event\n");
    expect(stdout).toContain("dify-error-status-passes");
    expect(stdout).toContain("in 1 tool (profile dify)");
    expect(seen).toEqual([
      "/console/api/apps?page=1&limit=100 Bearer t",
      "/console/api/apps/a1/export?include_secret=false Bearer t",
    ]);
  });

  test("an app's custom API tool is linked to its provider's document as the same Dify answers it", async () => {
    const { exit, stdout } = await tooldeck("lint", "--dify", origin(), "--api-key", "t", "--app", "a2");
    expect(exit).toBe(0);
    expect(stdout).toContain("getForecast");
    expect(stdout).toContain("dify:tool-provider/weather#/paths/~1forecast/post: where (object)");
    expect(stdout).not.toContain("base64");
    expect(seen).toEqual([
      "/console/api/apps/a2/export?include_secret=false Bearer t",
      "/console/api/workspaces/current/tool-provider/api/get?provider=weather Bearer t",
    ]);
  });

  test("--app ID and the token from $DIFY_API_KEY", async () => {
    const { exit } = await tooldeckWithEnv({ DIFY_API_KEY: "t" }, "lint", "--dify", origin(), "--app", "a1");
    expect(exit).toBe(0);
    expect(seen).toEqual(["/console/api/apps/a1/export?include_secret=false Bearer t"]);
  });

  test("a refused token: exit 2, one line naming the URL, the token printed nowhere", async () => {
    const { exit, stdout, stderr } = await tooldeck("lint", "--dify", origin(), "--api-key", "wrong-token");
    expect(exit).toBe(2);
    expect(stderr.trimEnd().split("\n")).toEqual([
      expect.stringContaining(
        `${origin()}/console/api/apps?page=1&limit=100: 401 Invalid token. (the console token was refused)`,
      ),
    ]);
    expect(`${stdout}${stderr}`).not.toContain("wrong-token");
  });
});
