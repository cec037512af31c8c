import { describe, expect, test } from "vitest";
import { createDryRunFetch } from "../../../src/lint/probe/dry-run-fetch.js";
import { type FetchLike, isInProcessFetch, markInProcess } from "../../../src/net/fetch-like.js";

function recordingFetch() {
  const sent: string[] = [];
  const fetch: FetchLike = async (input, init) => {
    sent.push(`${init?.method ?? "GET"} ${String(input)}`);
    return new Response("{}");
  };
  return { sent, fetch: markInProcess(fetch, (url) => url.startsWith("http://events.tooldeck.internal/")) };
}

describe("createDryRunFetch: a write is looked at before it is sent", () => {
  test("a dry run catches the first request, with its headers, and sends nothing", async () => {
    const inner = recordingFetch();
    const dry = createDryRunFetch(inner.fetch);
    const caught = await dry.dryRun(async () => {
      await dry.fetch("http://127.0.0.1:5566/events/1", {
        method: "delete",
        headers: { authorization: "Bearer t" },
      });
      await dry.fetch("http://127.0.0.1:5566/events/2", { method: "DELETE" });
    });
    expect(caught?.method).toBe("DELETE");
    expect(caught?.url).toBe("http://127.0.0.1:5566/events/1");
    expect(caught?.headers.get("authorization")).toBe("Bearer t");
    expect(inner.sent).toEqual([]);
  });

  test("a Request object is read as fetch reads it", async () => {
    const dry = createDryRunFetch(recordingFetch().fetch);
    const caught = await dry.dryRun(() =>
      dry.fetch(new Request("http://127.0.0.1:5566/events", { method: "POST", body: "{}" })),
    );
    expect(`${caught?.method} ${caught?.url}`).toBe("POST http://127.0.0.1:5566/events");
  });

  test("a call that sends nothing catches nothing; outside a dry run requests are sent", async () => {
    const inner = recordingFetch();
    const dry = createDryRunFetch(inner.fetch);
    expect(await dry.dryRun(async () => "invalid arguments")).toBeUndefined();
    await dry.fetch("http://127.0.0.1:5566/events", { method: "POST" });
    expect(inner.sent).toEqual(["POST http://127.0.0.1:5566/events"]);
  });

  test("it answers in-process exactly where the inner fetch does", () => {
    const dry = createDryRunFetch(recordingFetch().fetch);
    expect(isInProcessFetch(dry.fetch, "http://events.tooldeck.internal/events")).toBe(true);
    expect(isInProcessFetch(dry.fetch, "http://127.0.0.1:5566/events")).toBe(false);
    expect(isInProcessFetch(createDryRunFetch(undefined).fetch, "http://events.tooldeck.internal/")).toBe(
      false,
    );
  });
});
