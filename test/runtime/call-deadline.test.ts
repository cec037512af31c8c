import { describe, expect, test, vi } from "vitest";
import { HttpNodeConfigSchema } from "../../src/config/http-node-config.js";
import { createEmulatorFetch } from "../../src/emulator/emulator-fetch.js";
import { createEventService } from "../../src/emulator/events/event-service.js";
import { markInProcess } from "../../src/net/fetch-like.js";
import { startDeadline } from "../../src/runtime/call-deadline.js";
import { createHttpNode } from "../../src/runtime/http-node/http-node.js";
import { createRequestTool } from "../../src/runtime/request/request-tool.js";
import type { ToolRuntimeOptions } from "../../src/runtime/runtime-options.js";
import type { ExecutableTool } from "../../src/runtime/tool-result.js";
import { createToolkit } from "../../src/runtime/toolkit/create-toolkit.js";
import { getEvents } from "../support/tutorial-tools.js";

const never = () => new Promise<never>(() => {});
const TIMEOUT = { name: "TimeoutError", message: "The operation was aborted due to timeout" };

describe("startDeadline", () => {
  test("without a limit nothing is made: the caller's signal as it is, the work as it is", async () => {
    const outer = new AbortController().signal;
    const deadline = startDeadline(undefined, outer, false);
    expect(deadline.signal).toBe(outer);
    const work = Promise.resolve(1);
    expect(deadline.race(work)).toBe(work);
    expect(deadline.timedOut()).toBe(false);
  });

  test("in-process: no signal of its own, and work that never answers fails at the limit", async () => {
    const outer = new AbortController().signal;
    const deadline = startDeadline(20, outer, true);
    expect(deadline.signal).toBe(outer);
    await expect(deadline.race(never())).rejects.toMatchObject(TIMEOUT);
    expect(deadline.timedOut()).toBe(true);
    expect(outer.aborted).toBe(false);
  });

  test("over the network: a signal of its own that aborts at the limit", async () => {
    const deadline = startDeadline(20, undefined, false);
    const signal = deadline.signal as AbortSignal;
    const aborted = new Promise((resolve) => signal.addEventListener("abort", () => resolve(signal.reason)));
    await expect(deadline.race(never())).rejects.toMatchObject(TIMEOUT);
    expect(await aborted).toMatchObject(TIMEOUT);
  });

  test("over the network: the caller's abort reaches the request's signal, already aborted or later", () => {
    const early = new AbortController();
    early.abort("stop");
    expect(startDeadline(1000, early.signal, false).signal?.reason).toBe("stop");
    const late = new AbortController();
    const deadline = startDeadline(1000, late.signal, false);
    late.abort("later");
    expect(deadline.signal?.reason).toBe("later");
    deadline.clear();
  });

  test("cleared, the limit never fires and the caller's signal is no longer followed", async () => {
    const outer = new AbortController();
    const deadline = startDeadline(10, outer.signal, false);
    expect(await deadline.race(Promise.resolve("done"))).toBe("done");
    deadline.clear();
    outer.abort();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(deadline.timedOut()).toBe(false);
    expect(deadline.signal?.aborted).toBe(false);
  });

  test("work raced after the limit fails at once", async () => {
    const deadline = startDeadline(1, undefined, true);
    // Waits for the limit itself: a fixed sleep raced the deadline's timer on a loaded machine.
    await vi.waitUntil(() => deadline.timedOut(), { timeout: 5_000, interval: 5 });
    await expect(deadline.race(Promise.resolve(1))).rejects.toMatchObject(TIMEOUT);
  });
});

describe("every kind of tool keeps its limit so", () => {
  const ORIGIN = "http://localhost:5566";
  const hang = (request: Request) =>
    new Promise<Response>((_resolve, reject) => {
      // Only a signal the runtime handed over could end it; in-process there is none.
      request.signal.addEventListener("abort", () => reject(request.signal.reason));
    });

  /** An in-process fetch (as the emulators' is) that records the signal each call is given. */
  function inProcess(handler: (request: Request) => Promise<Response>) {
    const signals: (AbortSignal | null | undefined)[] = [];
    const emulator = createEmulatorFetch({ [ORIGIN]: handler });
    const fetch = markInProcess(
      (input: string | URL | Request, init?: RequestInit) => {
        signals.push(init?.signal);
        return emulator.fetch(input, init);
      },
      () => true,
    );
    return { fetch, signals };
  }

  const KINDS = [
    {
      kind: "request tool",
      make: (options: ToolRuntimeOptions) =>
        createRequestTool({ ...getEvents, url: `${ORIGIN}/events/:id` }, options),
      args: { queryParams: { id: "1" } },
      timedOut: `GET ${ORIGIN}/events/1 failed: timed out after 20 ms`,
      aborted: `GET ${ORIGIN}/events/1 failed: aborted`,
    },
    {
      kind: "OpenAPI toolkit tool",
      make: async (options: ToolRuntimeOptions) => {
        const config = { kind: "openapi-toolkit", name: "events", spec: "event-api.openapi.yaml" } as const;
        const tools = await createToolkit(config, { ...options, specBaseDir: "tools" });
        return tools.find((tool) => tool.name === "getEventById") as ExecutableTool;
      },
      args: { PathParameters: { id: "1" } },
      timedOut: `GET ${ORIGIN}/events/1 failed: no answer within 20 ms`,
      aborted: `GET ${ORIGIN}/events/1 failed: the call was aborted`,
    },
    {
      kind: "HTTP node",
      make: (options: ToolRuntimeOptions) =>
        createHttpNode(HttpNodeConfigSchema.parse({ kind: "http", url: `${ORIGIN}/events/1` }), options),
      args: {},
      timedOut: "The operation was aborted due to timeout",
      aborted: "This operation was aborted",
    },
  ];

  test.each(KINDS)("$kind: in-process, no AbortSignal is made per call", async ({ make, args }) => {
    const { fetch, signals } = inProcess(createEventService().fetch);
    const result = await (await make({ fetch, timeoutMs: 1000 })).invoke(args);
    expect(result.ok).toBe(true);
    expect(signals).toEqual([undefined]);
  });

  test.each(KINDS)("$kind: in-process, a handler that never answers times out", async (kind) => {
    const { fetch } = inProcess(hang);
    expect((await (await kind.make({ fetch, timeoutMs: 20 })).invoke(kind.args)).output).toBe(kind.timedOut);
  });

  test.each(KINDS)("$kind: in-process, the caller's abort ends the call", async (kind) => {
    const { fetch, signals } = inProcess(hang);
    const tool = await kind.make({ fetch, timeoutMs: 10_000 });
    const stop = new AbortController();
    const pending = tool.invoke(kind.args, { signal: stop.signal });
    stop.abort();
    expect((await pending).output).toBe(kind.aborted);
    expect(signals).toEqual([stop.signal]);
  });

  test.each(KINDS)("$kind: over the network, the request's own signal aborts at the limit", async (kind) => {
    const fetch = (input: string | URL | Request, init?: RequestInit) => hang(new Request(input, init));
    expect((await (await kind.make({ fetch, timeoutMs: 20 })).invoke(kind.args)).output).toBe(kind.timedOut);
  });
});
