import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { afterEach, describe, expect, test, vi } from "vitest";
import { createRecordingFetch } from "../../../src/providers/wire/fake-endpoint.js";
import { captureWireRequest, isRefusedCapture } from "../../../src/providers/wire/index.js";
import { PROVIDER_IDS } from "../../../src/providers/wire-tool.js";
import { platformTools } from "./platform-tools.js";

/**
 * A capture never reaches the network: the OpenAI, Anthropic and AWS SDKs are given a fetch or a
 * request handler that answers in-process, and Google's, which calls the global fetch, a base URL on
 * 127.0.0.1. Every URL the global fetch is asked for and every socket a client opens is recorded.
 */
describe("capturing never reaches the network", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
  });

  test("every provider, with the providers' base-URL variables pointing away: only Gemini's loopback server is fetched", async () => {
    const fetched: string[] = [];
    const realFetch = globalThis.fetch;
    vi.stubGlobal("fetch", (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : input);
      fetched.push(url.origin);
      if (url.hostname !== "127.0.0.1")
        return Promise.reject(new TypeError(`the test refuses ${url.origin}`));
      return realFetch(input, init);
    });
    for (const name of [
      "OPENAI_BASE_URL",
      "ANTHROPIC_BASE_URL",
      "AWS_ENDPOINT_URL",
      "AWS_ENDPOINT_URL_BEDROCK_RUNTIME",
    ])
      vi.stubEnv(name, "https://provider.example.com");
    const sockets: unknown[] = [];
    const onSocket = (message: unknown) => sockets.push(message);
    subscribe("net.client.socket", onSocket);
    const tools = await platformTools();
    try {
      for (const provider of PROVIDER_IDS) {
        const result = await captureWireRequest(provider, tools);
        expect(isRefusedCapture(result), provider).toBe(false);
      }
      expect(isRefusedCapture(await captureWireRequest("openai", tools, { openaiApi: "responses" }))).toBe(
        false,
      );
    } finally {
      unsubscribe("net.client.socket", onSocket);
    }
    expect(fetched).toHaveLength(2);
    for (const origin of fetched) expect(origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    // The two fetches of Gemini's server are the only sockets opened, both to 127.0.0.1.
    const remotes = sockets.map(
      (message) => (message as { socket: { remoteAddress?: string } }).socket.remoteAddress,
    );
    expect(remotes).toEqual(["127.0.0.1", "127.0.0.1"]);
  });

  test("the fetch given to the OpenAI and Anthropic SDKs refuses any origin but the fake endpoint's", async () => {
    const { fetch, requests } = createRecordingFetch({});
    await expect(
      fetch("https://api.openai.com/v1/chat/completions", { method: "POST", body: "{}" }),
    ).rejects.toThrow(
      "tooldeck's capture sends nothing beyond http://127.0.0.1:9: refused https://api.openai.com",
    );
    await expect(fetch("http://127.0.0.1:8080/v1/messages", { method: "POST", body: "{}" })).rejects.toThrow(
      "refused http://127.0.0.1:8080",
    );
    expect(requests).toEqual([]);
  });
});
