import { describe, expect, test } from "vitest";
import { createToolNamer } from "../../src/traffic/tool-namer.js";

describe("createToolNamer", () => {
  const name = createToolNamer([
    { name: "get_event", method: "GET", url: "{{$vars.base_url}}/events/:id" },
    { name: "find_event", method: "get", url: "https://api.mycompany.com/events/{id}?x=1" },
    { name: "list_events", method: "GET", url: "{{$vars.base_url}}/events" },
    { name: "recorded", method: "DELETE", url: "http://events.tooldeck.internal/events/3" },
  ]);

  test.each([
    ["GET", "/events/7", "get_event, find_event"],
    ["GET", "/events", "list_events"],
    ["GET", "/events/", "list_events"],
    ["DELETE", "/events/3", "recorded"],
    ["DELETE", "/events/4", undefined],
    ["PUT", "/events", undefined],
    ["GET", "/other", undefined],
  ])("%s %s → %s", (method, path, expected) => {
    expect(name(method, path)).toBe(expected);
  });
});
