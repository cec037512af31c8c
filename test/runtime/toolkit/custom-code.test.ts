import { beforeAll, describe, expect, test } from "vitest";
import { createEventService } from "../../../src/emulator/events/event-service.js";
import { loadSpec } from "../../../src/openapi/load-spec.js";
import { createOperationIndex, type OperationIndex } from "../../../src/openapi/operation-index.js";
import { packageRoot } from "../../../src/package/package-root.js";
import type { ExecutableTool } from "../../../src/runtime/tool-result.js";
import { createToolkit } from "../../../src/runtime/toolkit/create-toolkit.js";
import { CustomCodeError, runCustomCode } from "../../../src/runtime/toolkit/run-custom-code.js";

const noFetch = async () => new Response("unused");

async function run(code: string, variables: Record<string, unknown> = {}, timeoutMs = 5000) {
  return (await runCustomCode({ code, variables, fetch: noFetch, timeoutMs })).value;
}

async function failure(code: string, timeoutMs = 5000): Promise<string> {
  const error = await run(code, {}, timeoutMs).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(CustomCodeError);
  return (error as Error).message;
}

describe("runCustomCode", () => {
  test("runs a function body with the variables as globals, await allowed", async () => {
    const value = await run("const x = await Promise.resolve($a + 1); return x + ' ' + $url;", {
      $a: 1,
      $url: "u",
    });
    expect(value).toBe("2 u");
  });

  test("fetch is the injected one; require knows only node-fetch, upper-casing methods like node-fetch", async () => {
    const seen: string[] = [];
    const fetch = async (input: string | URL | Request, init?: RequestInit) => {
      seen.push(`${init?.method} ${String(input)}`);
      return new Response("pong");
    };
    const code =
      "const f = require('node-fetch'); const r = await f($url, { method: 'patch' }); return (await r.text()) + (await fetch($url)).status;";
    const result = await runCustomCode({
      code,
      variables: { $url: "http://x.test/p" },
      fetch,
      timeoutMs: 5000,
    });
    expect(result).toEqual({ type: "string", value: "pong200" });
    expect(seen).toEqual(["PATCH http://x.test/p", "GET http://x.test/p"]);
  });

  test.each([
    [
      "return require('fs').readFileSync('/etc/passwd', 'utf8')",
      "custom code threw: Cannot find module 'fs': custom code has no module system (only 'node-fetch' is provided)",
    ],
    ["return process.env.HOME", "custom code threw: 'process' is not defined"],
    ["throw new Error('nope')", "custom code threw: nope"],
    ["return eval('1')", "custom code threw: Code generation from strings disallowed for this context"],
    ["return (", "custom code does not compile: unexpected token in expression: '}'"],
  ])("%s fails: %s", async (code, message) => {
    expect(await failure(code)).toBe(message);
  });

  test.each([
    ["a synchronous endless loop", "while (true) {}"],
    ["an await that never settles", "await new Promise(() => {}); return 'never';"],
    ["a fetch that never answers", "await fetch('http://x.test'); return 'never';"],
  ])("%s is stopped by the time limit", async (_, code) => {
    const hang = (_input: string | URL | Request, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) =>
        init?.signal?.addEventListener("abort", () => reject(new Error("aborted"))),
      );
    const error = await runCustomCode({ code, variables: {}, fetch: hang, timeoutMs: 50 }).catch(
      (e: unknown) => e,
    );
    expect((error as Error).message).toBe("custom code timed out after 50 ms");
  });
});

test("the caller's signal stops the run and aborts its fetch", async () => {
  let aborted = false;
  const controller = new AbortController();
  const hang = (_input: string | URL | Request, init?: RequestInit) =>
    new Promise<Response>((_resolve, reject) => {
      init?.signal?.addEventListener("abort", () => {
        aborted = true;
        reject(new Error("aborted"));
      });
      controller.abort();
    });
  const running = runCustomCode({
    code: "await fetch('http://x.test'); return 'never';",
    variables: {},
    fetch: hang,
    timeoutMs: 10_000,
    signal: controller.signal,
  });
  await expect(running).rejects.toThrow("custom code was aborted");
  expect(aborted).toBe(true);
});

describe("Custom Code in a toolkit", () => {
  let index: OperationIndex;
  beforeAll(async () => {
    index = createOperationIndex(await loadSpec("tools/event-api.openapi.yaml", { baseDir: packageRoot() }));
  });

  async function tool(profile: "flowise" | "standard", customCode: string, name = "updateEventDetails") {
    const service = createEventService();
    const fetch = async (input: string | URL | Request, init?: RequestInit) =>
      service.fetch(new Request(input, init));
    const tools = await createToolkit(
      { kind: "openapi-toolkit", spec: "event-api.openapi.yaml", customCode },
      {
        profile,
        spec: index,
        fetch,
        vars: { region: "eu" },
        flow: { chatflowId: "cf-1" },
        customCodeTimeoutMs: 5000,
        allowCode: true,
      },
    );
    return tools.find((t) => t.name === name) as ExecutableTool;
  }

  const echo =
    "return JSON.stringify({ url: $url, options: $options, body: $RequestBody, vars: $vars, flow: $flow });";
  const body = { name: "n", date: "2025-01-02T03:04:05Z", location: "l" };

  test("under flowise the code sees Flowise's variables: lower-case method, literal {id}", async () => {
    const result = await (await tool("flowise", echo)).invoke({ RequestBody: body });
    expect(JSON.parse(result.output)).toEqual({
      url: "http://localhost:5566/events/{id}?",
      options: {
        method: "patch",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      },
      body,
      vars: { region: "eu" },
      flow: { chatflowId: "cf-1" },
    });
  });

  test("under standard the code sees the built request", async () => {
    const result = await (await tool("standard", echo)).invoke({
      PathParameters: { id: "2" },
      RequestBody: body,
    });
    expect(JSON.parse(result.output)).toMatchObject({
      url: "http://localhost:5566/events/2",
      options: {
        method: "PATCH",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      },
    });
  });

  test("the exchange the code made is in the result", async () => {
    const code = "const r = await fetch($url, $options); return 'status ' + r.status;";
    const result = await (await tool("standard", code)).invoke({
      PathParameters: { id: "2" },
      RequestBody: body,
    });
    expect(result).toMatchObject({
      ok: true,
      output: "status 200",
      request: { method: "PATCH", url: "http://localhost:5566/events/2" },
      response: { status: 200 },
    });
  });

  test.each([
    ["flowise", "return { a: 1 };", { ok: true, output: '{"a":1}' }],
    ["standard", "return { a: 1 };", { ok: false, output: "custom code must return a string, got object" }],
    ["flowise", "return;", { ok: false, output: "custom code must return a string, got undefined" }],
    ["standard", "throw new Error('boom')", { ok: false, output: "custom code threw: boom" }],
  ] as const)("under %s, %s gives %j", async (profile, code, expected) => {
    const args =
      profile === "flowise" ? { RequestBody: body } : { PathParameters: { id: "2" }, RequestBody: body };
    expect(await (await tool(profile, code)).invoke(args)).toMatchObject(expected);
  });
});
