import { describe, expect, test } from "vitest";
import type { RequestToolConfig } from "../../../src/config/request-tool-config.js";
import { createRequestTool } from "../../../src/runtime/request/request-tool.js";
import { listenDuringTests, loopbackServer } from "../../support/loopback-server.js";
import { recordingFetch } from "../../support/recording-fetch.js";

/** An AWS secret access key's shape: `+`, `/` and `=` are what a re-parsed query changes. */
const AWS = "wJalrXUt/K7MDENG+bPxRfi=CYEX";

const tool = (origin: string): RequestToolConfig => ({
  kind: "request",
  method: "GET",
  name: "signed",
  description: "Use this to read a signed resource",
  url: `${origin}/s?sig={{$vars.aws}}&n=%2B1`,
  headers: {},
  queryParamsSchema: { limit: { type: "string", in: "query" } },
});

const server = loopbackServer();
listenDuringTests(server);

describe("the standard profile sends a written query as written (no `+` read as a space)", () => {
  const sent = `/s?sig=${AWS}&n=%2B1&limit=2`;

  test("in-process: the request's URL", async () => {
    const recorder = recordingFetch();
    const signed = createRequestTool(tool("http://api.test"), { fetch: recorder.fetch, vars: { aws: AWS } });
    expect((await signed.invoke({ queryParams: { limit: "2" } })).ok).toBe(true);
    expect(recorder.last()?.url).toBe(`http://api.test${sent}`);
    expect(new URL(recorder.last()?.url ?? "").searchParams.get("n")).toBe("+1");
  });

  test("over a loopback socket: the request line the server reads", async () => {
    const signed = createRequestTool(tool(`http://${server.host()}`), { vars: { aws: AWS } });
    expect((await signed.invoke({ queryParams: { limit: "2" } })).ok).toBe(true);
    expect(server.requests).toEqual([`GET ${sent}`]);
  });
});
