import { describe, expect, test } from "vitest";
import { createEmulatorFetch } from "../../src/emulator/emulator-fetch.js";
import { EVENT_SERVICE_ORIGIN } from "../../src/emulator/emulator-origins.js";
import { createEventService } from "../../src/emulator/events/event-service.js";
import { isInProcessFetch } from "../../src/net/fetch-like.js";

function setup() {
  const network: string[] = [];
  const fallback = async (input: string | URL | Request) => {
    network.push(String(input instanceof Request ? input.url : input));
    return new Response("from the network");
  };
  const emulator = createEmulatorFetch({ [EVENT_SERVICE_ORIGIN]: createEventService().fetch }, fallback);
  return { emulator, network };
}

describe("createEmulatorFetch", () => {
  test.each([
    `${EVENT_SERVICE_ORIGIN}/events/1`,
    "HTTP://Events.Tooldeck.Internal/events/1",
    "http://events.tooldeck.internal:80/events/1",
  ])("%s is answered in-process by the event service", async (url) => {
    const { emulator, network } = setup();
    expect(isInProcessFetch(emulator.fetch, url)).toBe(true);
    const response = await emulator.fetch(url);
    expect(response.status).toBe(200);
    expect((await response.json()).id).toBe("1");
    expect(network).toEqual([]);
  });

  test.each([
    "http://events.tooldeck.internal:8080/events/1",
    "http://user@elsewhere.example/events.tooldeck.internal/events/1",
    "https://events.tooldeck.internal/events/1",
  ])("%s goes to the network", async (url) => {
    const { emulator, network } = setup();
    expect(isInProcessFetch(emulator.fetch, url)).toBe(false);
    expect(await (await emulator.fetch(url)).text()).toBe("from the network");
    expect(network).toEqual([url]);
  });
});

test("each URL is answered by its own handler, whatever was asked before (the last lookup is reused)", async () => {
  const seen: string[] = [];
  const answer = (name: string) => async (input: string | URL | Request) => {
    seen.push(`${name} ${new URL(input instanceof Request ? input.url : input).pathname}`);
    return new Response(name);
  };
  const emulator = createEmulatorFetch(
    { "http://a.test": answer("a"), "http://b.test": answer("b") },
    answer("network"),
  );
  for (const url of [
    "http://a.test/1",
    "http://a.test/1",
    "http://b.test/2",
    "http://c.test/3",
    "http://a.test/4",
  ]) {
    isInProcessFetch(emulator.fetch, url);
    await emulator.fetch(url);
  }
  expect(seen).toEqual(["a /1", "a /1", "b /2", "network /3", "a /4"]);
  expect(isInProcessFetch(emulator.fetch, "http://c.test/3")).toBe(false);
  expect(isInProcessFetch(emulator.fetch, "http://b.test/3")).toBe(true);
});
