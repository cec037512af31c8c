import { describe, expect, test } from "vitest";
import { EVENT_SERVICE_ORIGIN, TUTORIAL_EVENT_ORIGINS } from "../../src/emulator/emulator-origins.js";
import { EVENT_API_HOSTS } from "../../src/pipeline/event-api-hosts.js";

describe("the event API's hosts", () => {
  test("are those the embedded event service answers on", () => {
    const hosts = [EVENT_SERVICE_ORIGIN, ...TUTORIAL_EVENT_ORIGINS].map((origin) => new URL(origin).host);
    expect([...EVENT_API_HOSTS].sort()).toEqual(hosts.sort());
  });
});
