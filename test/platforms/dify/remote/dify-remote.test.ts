import { describe, expect, test } from "vitest";
import { ToolDeckError } from "../../../../src/errors.js";
import { MAX_EXPORT_ANSWER_BYTES } from "../../../../src/platforms/dify/remote/dify-console.js";
import { DIFY_REMOTE } from "../../../../src/platforms/dify/remote/dify-remote.js";
import { loopbackServer } from "../../../support/loopback-server.js";

const dsl = (title: string) => `app:
  mode: workflow
  name: ${title}
kind: app
version: 0.6.0
workflow:
  environment_variables:
  - {name: token, value: '', value_type: secret}
  graph:
    nodes:
    - id: '1'
      data: {type: http-request, title: ${title}, method: get, url: 'https://api.example.com/items'}
`;

/** Dify's console API in-process: two pages of apps, each app's export, the console token checked. */
function difyConsole(seen: string[] = []) {
  return async (request: Request) => {
    seen.push(`${request.method} ${request.url} ${request.headers.get("authorization")}`);
    if (request.headers.get("authorization") !== "Bearer t")
      return Response.json({ code: "unauthorized", message: "Invalid token.", status: 401 }, { status: 401 });
    const url = new URL(request.url);
    if (url.pathname === "/console/api/apps" && url.searchParams.get("page") === "1")
      return Response.json({
        data: [{ id: "a1", name: "First", mode: "workflow" }],
        has_more: true,
        page: 1,
      });
    if (url.pathname === "/console/api/apps")
      return Response.json({
        data: [{ id: "a2", name: "Second", mode: "workflow" }],
        has_more: false,
        page: 2,
      });
    const exported = /^\/console\/api\/apps\/(a1|a2|bad|list|huge|endless)\/export$/.exec(url.pathname);
    if (exported?.[1] === "bad") return Response.json({ data: "version: [unclosed" });
    if (exported?.[1] === "huge")
      return Response.json({ data: `# ${"x".repeat(10 * 1024 * 1024)}\nkind: app\n` });
    if (exported?.[1] === "list") return Response.json({ data: "- a\n- b\n" });
    if (exported?.[1] === "endless")
      return new Response(endless(), { headers: { "content-type": "application/json" } });
    if (exported) return Response.json({ data: dsl(exported[1] === "a1" ? "First" : "Second") });
    return Response.json({ code: "not_found", message: "App not found.", status: 404 }, { status: 404 });
  };
}

/** An answer that never ends: `{"data": "xxxx…` a megabyte at a time. */
function endless(): ReadableStream<Uint8Array> {
  const chunk = new TextEncoder().encode("x".repeat(1024 * 1024));
  let started = false;
  return new ReadableStream({
    pull(controller) {
      controller.enqueue(started ? chunk : new TextEncoder().encode('{"data": "'));
      started = true;
    },
  });
}

describe("--dify URL: apps read through Dify's console export", () => {
  test("every page of GET /console/api/apps, then each app's export without secrets, each a file dify:<name>", async () => {
    const seen: string[] = [];
    const result = await DIFY_REMOTE.load({
      url: "http://127.0.0.1:5001/",
      apiKey: "t",
      fetch: difyConsole(seen),
    });
    expect(seen).toEqual([
      "GET http://127.0.0.1:5001/console/api/apps?page=1&limit=100 Bearer t",
      "GET http://127.0.0.1:5001/console/api/apps?page=2&limit=100 Bearer t",
      "GET http://127.0.0.1:5001/console/api/apps/a1/export?include_secret=false Bearer t",
      "GET http://127.0.0.1:5001/console/api/apps/a2/export?include_secret=false Bearer t",
    ]);
    expect(result.errors).toEqual([]);
    expect(result.tools.map((tool) => [tool.source.file, tool.config.name, tool.source.format])).toEqual([
      ["dify:First", "First", "dify"],
      ["dify:Second", "Second", "dify"],
    ]);
    expect(result.notes?.map((note) => note.message)).toEqual([
      expect.stringContaining("--secret token="),
      expect.stringContaining("--secret token="),
    ]);
  });

  test("--app ID exports only that app (a trailing /console/api accepted)", async () => {
    const seen: string[] = [];
    const result = await DIFY_REMOTE.load({
      url: "http://127.0.0.1:5001/console/api",
      apiKey: "t",
      ids: ["a2"],
      fetch: difyConsole(seen),
    });
    expect(seen).toEqual([
      "GET http://127.0.0.1:5001/console/api/apps/a2/export?include_secret=false Bearer t",
    ]);
    expect(result.tools.map((tool) => tool.source.file)).toEqual(["dify:a2"]);
  });

  test("an export that is not YAML, not a mapping, or over 10 MB: a load error of that app (fact 92)", async () => {
    const result = await DIFY_REMOTE.load({
      url: "http://127.0.0.1:5001",
      apiKey: "t",
      ids: ["bad", "list", "huge"],
      fetch: difyConsole(),
    });
    expect(result.errors.map((error) => `${error.file}: ${error.message}`)).toEqual([
      expect.stringMatching(/^dify:bad: invalid YAML \(/),
      "dify:list: Invalid YAML format: content must be a mapping",
      "dify:huge: the DSL is 10485773 bytes, more than the 10 MB Dify's import reads: not read",
    ]);
  });

  test("an export answer that never ends is refused past the bound, never held whole", async () => {
    const loading = DIFY_REMOTE.load({
      url: "http://127.0.0.1:5001",
      apiKey: "t",
      ids: ["endless"],
      fetch: difyConsole(),
    });
    await expect(loading).rejects.toThrow(
      `http://127.0.0.1:5001/console/api/apps/endless/export?include_secret=false: the answer is over ${MAX_EXPORT_ANSWER_BYTES} bytes: not read`,
    );
  });

  test.each([
    [
      {},
      "http://127.0.0.1:5001/console/api/apps?page=1&limit=100: 401 Invalid token. (the console API needs a token: --api-key or DIFY_API_KEY)",
    ],
    [
      { apiKey: "wrong" },
      "http://127.0.0.1:5001/console/api/apps?page=1&limit=100: 401 Invalid token. (the console token was refused)",
    ],
    [
      { apiKey: "t", ids: ["nine"] },
      "http://127.0.0.1:5001/console/api/apps/nine/export?include_secret=false: 404 App not found.",
    ],
  ])("a refusal is one load error naming the URL (%o)", async (given, message) => {
    await expect(
      DIFY_REMOTE.load({ url: "http://127.0.0.1:5001", fetch: difyConsole(), ...given }),
    ).rejects.toThrow(new ToolDeckError("load", message));
  });

  test.each([
    ["not JSON", () => new Response("<html>"), "the answer is not JSON (is this the URL of a Dify server?)"],
    ["not a list", () => Response.json([]), 'expected { "data": [apps…] }'],
    [
      "a row that is no app",
      () => Response.json({ data: [{ name: "x" }] }),
      "not a Dify app (expected an id)",
    ],
    [
      "a server that pages forever",
      () => Response.json({ data: [], has_more: true }),
      "more than 1000 pages of apps",
    ],
  ])("a hostile server: %s", async (_name, answer, message) => {
    await expect(
      DIFY_REMOTE.load({ url: "http://127.0.0.1:5001", fetch: async () => answer() }),
    ).rejects.toThrow(message);
  });

  test("a redirect to another origin is refused before the token is sent there", async () => {
    const seen: string[] = [];
    const fetch = async (request: Request) => {
      seen.push(`${request.url} ${request.headers.get("authorization")}`);
      return new Response(null, { status: 302, headers: { location: "http://127.0.0.2:80/steal" } });
    };
    await expect(
      DIFY_REMOTE.load({ url: "http://127.0.0.1:5001", apiKey: "t", ids: ["a1"], fetch }),
    ).rejects.toThrow("redirected to http://127.0.0.2, another origin: not followed");
    expect(seen).toEqual(["http://127.0.0.1:5001/console/api/apps/a1/export?include_secret=false Bearer t"]);
  });

  test("a server that cannot be reached is named", async () => {
    const server = loopbackServer();
    await server.start();
    const host = server.host();
    await server.stop();
    await expect(DIFY_REMOTE.load({ url: `http://${host}`, ids: ["a1"] })).rejects.toThrow(
      new ToolDeckError(
        "load",
        `http://${host}/console/api/apps/a1/export?include_secret=false: cannot connect (ECONNREFUSED)`,
      ),
    );
  });
});
