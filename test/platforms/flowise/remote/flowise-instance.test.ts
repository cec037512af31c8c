import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createFlowiseEmulator } from "../../../../src/emulator/flowise/flowise-emulator.js";
import { type RunningServer, serve } from "../../../../src/emulator/serve.js";
import { isToolDeckError } from "../../../../src/errors.js";
import { fetchFlowiseChatflows } from "../../../../src/platforms/flowise/remote/flowise-instance.js";

const KEY = "client-test-key";
const FLOW = { nodes: [{ id: "a_0" }], edges: [] };
const flowise = createFlowiseEmulator({
  apiKeys: [KEY],
  seed: {
    chatflows: [
      {
        id: "11111111-1111-4111-8111-111111111111",
        name: "One",
        flowData: JSON.stringify(FLOW),
        type: "AGENTFLOW",
        updatedDate: "2025-01-02T00:00:00.000Z",
      },
      {
        id: "22222222-2222-4222-8222-222222222222",
        name: "Two",
        flowData: JSON.stringify({ nodes: [] }),
        type: "CHATFLOW",
        updatedDate: "2025-01-01T00:00:00.000Z",
      },
    ],
  },
});

let server: RunningServer;
let closedUrl: string;
beforeAll(async () => {
  server = await serve(flowise.fetch, { port: 0 });
  const closed = await serve(() => new Response(""), { port: 0 });
  closedUrl = closed.url;
  await closed.close();
});
afterAll(() => server.close());

const ONE = { id: "11111111-1111-4111-8111-111111111111", name: "One", type: "AGENTFLOW", flowData: FLOW };
const TWO = {
  id: "22222222-2222-4222-8222-222222222222",
  name: "Two",
  type: "CHATFLOW",
  flowData: { nodes: [], edges: [] },
};

describe("fetchFlowiseChatflows against the emulator over a real socket", () => {
  test("lists every chatflow with flowData parsed", async () => {
    expect(await fetchFlowiseChatflows({ url: server.url, apiKey: KEY })).toEqual([ONE, TWO]);
  });

  test.each(["", "/", "/api/v1", "/api/v1/"])("accepts the base URL with %j", async (suffix) => {
    expect(await fetchFlowiseChatflows({ url: `${server.url}${suffix}`, apiKey: KEY })).toHaveLength(2);
  });

  test("fetches chosen chatflows by id, in the order asked", async () => {
    const flows = await fetchFlowiseChatflows({
      url: server.url,
      apiKey: KEY,
      chatflowIds: [TWO.id, ONE.id],
    });
    expect(flows).toEqual([TWO, ONE]);
  });

  test("works through an injected fetch (the emulator in-process)", async () => {
    const flows = await fetchFlowiseChatflows({
      url: "http://flowise.local",
      apiKey: KEY,
      fetch: flowise.fetch,
    });
    expect(flows.map((flow) => flow.name)).toEqual(["One", "Two"]);
  });

  const failures: [
    string,
    () => { url: string; apiKey?: string; chatflowIds?: string[] },
    (url: string) => string,
  ][] = [
    [
      "no key",
      () => ({ url: server.url }),
      (url) => `Flowise ${url}/api/v1/chatflows: 401 Unauthorized Access (the server needs an API key)`,
    ],
    [
      "a wrong key",
      () => ({ url: server.url, apiKey: "nope" }),
      (url) => `Flowise ${url}/api/v1/chatflows: 401 Unauthorized Access (the API key was refused)`,
    ],
    [
      "an unknown id",
      () => ({ url: server.url, apiKey: KEY, chatflowIds: ["99999999-9999-4999-8999-999999999999"] }),
      (url) =>
        `Flowise ${url}/api/v1/chatflows/99999999-9999-4999-8999-999999999999: 404 Chatflow 99999999-9999-4999-8999-999999999999 not found in the database!`,
    ],
    [
      "an invalid id",
      () => ({ url: server.url, apiKey: KEY, chatflowIds: ["abc"] }),
      (url) => `Flowise ${url}/api/v1/chatflows/abc: 400 Invalid Chatflow ID`,
    ],
    [
      "a closed port",
      () => ({ url: closedUrl, apiKey: KEY }),
      (url) => `Flowise ${url}/api/v1/chatflows: cannot connect (ECONNREFUSED)`,
    ],
  ];

  test.each(failures)("%s is a one-line load error naming the URL", async (_name, options, message) => {
    const error = await fetchFlowiseChatflows(options()).catch((caught: unknown) => caught);
    expect(isToolDeckError(error) && error.code).toBe("load");
    expect((error as Error).message).toBe(message(options().url));
  });
});

describe("fetchFlowiseChatflows with answers that are not Flowise's", () => {
  const answering =
    (body: string, status = 200) =>
    async () =>
      new Response(body, { status });

  test.each([
    [
      "an HTML page (a UI, not the API)",
      answering("<!DOCTYPE html><html></html>"),
      "the answer is not JSON (is this the URL of a Flowise server?)",
    ],
    ["an object instead of a list", answering('{"data":[]}'), "expected an array of chatflows"],
    [
      "a row without flowData",
      answering('[{"id":"x","name":"n"}]'),
      "not a chatflow (flowData: expected string, received undefined)",
    ],
    ["a 502 with a text body", answering("Bad Gateway", 502), "502 Bad Gateway"],
  ])("%s", async (_name, fetch, reason) => {
    await expect(fetchFlowiseChatflows({ url: "http://flowise.test", fetch })).rejects.toThrow(
      reason.startsWith("not a chatflow")
        ? `Flowise http://flowise.test/api/v1/chatflows [0]: ${reason}`
        : `Flowise http://flowise.test/api/v1/chatflows: ${reason}`,
    );
  });

  test("a chatflow whose flowData is not JSON is named", async () => {
    const fetch = answering('[{"id":"x","name":"Broken","flowData":"nope"}]');
    await expect(fetchFlowiseChatflows({ url: "http://flowise.test", fetch })).rejects.toThrow(
      `chatflow 'Broken' (x): flowData is not JSON (Unexpected token 'o', "nope" is not valid JSON)`,
    );
  });

  test("a chatflow whose flowData has no node list is named", async () => {
    const fetch = answering('[{"id":"x","name":"Odd","flowData":"{\\"nodes\\":3}"}]');
    await expect(fetchFlowiseChatflows({ url: "http://flowise.test", fetch })).rejects.toThrow(
      "chatflow 'Odd' (x): flowData nodes: expected array, received number",
    );
  });
});
