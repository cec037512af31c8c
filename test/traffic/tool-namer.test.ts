import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { createToolNamer } from "../../src/traffic/tool-namer.js";
import { createTrafficRecorder } from "../../src/traffic/traffic-recorder.js";
import { exchange } from "../support/exchange.js";
import { hostileProject } from "../support/hostile-project.js";

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

describe("createTrafficRecorder", () => {
  test("writes <host>.traffic.json on flush, and continues a file already there", () => {
    const dir = hostileProject();
    const first = createTrafficRecorder(dir, "http://127.0.0.1:5566/");
    expect(first.file).toBe(join(dir, "127.0.0.1_5566.traffic.json"));
    first.add(exchange("GET", "http://127.0.0.1:5566/events", 200, []));
    first.flush();
    const second = createTrafficRecorder(dir, "http://127.0.0.1:5566/");
    second.add(exchange("GET", "http://127.0.0.1:5566/events/1", 404, {}));
    second.flush();
    const written = JSON.parse(readFileSync(second.file, "utf8"));
    expect(written.source).toBe("tooldeck proxy to http://127.0.0.1:5566/");
    expect(written.exchanges.map((e: { request: { url: string } }) => e.request.url)).toEqual([
      "http://127.0.0.1:5566/events",
      "http://127.0.0.1:5566/events/1",
    ]);
    expect(second.recorded).toBe(1);
  });
});
