import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { packagePath } from "../../src/package/package-root.js";
import { loadTraffic } from "../../src/traffic/load-traffic.js";
import { readTrafficFile, writeTrafficFile } from "../../src/traffic/traffic-file.js";
import { exchange } from "../support/exchange.js";
import { harEntry, harOf } from "../support/har.js";
import { hostileProject } from "../support/hostile-project.js";

describe("loadTraffic", () => {
  test("reads HAR captures, traffic files and cassettes from a folder, masked", () => {
    const dir = hostileProject({
      "capture.har": JSON.stringify(
        harOf([
          harEntry({
            url: "https://api.test/a",
            requestHeaders: { Authorization: "Bearer sk-1" },
            responseBody: "{}",
          }),
        ]),
      ),
      "notes.txt": "not traffic",
      "nested/.hidden/x.har": "{",
    });
    writeTrafficFile(join(dir, "nested/proxy.traffic.json"), {
      version: 1,
      kind: "traffic",
      source: "proxy to https://api.test",
      exchanges: [exchange("GET", "https://api.test/b?token=abc", 200, { ok: true })],
    });
    const loaded = loadTraffic(["."], { cwd: dir, roots: [dir] });
    expect(loaded.files).toEqual(["capture.har", join("nested", "proxy.traffic.json")]);
    expect(loaded.exchanges.map((e) => e.request.url)).toEqual([
      "https://api.test/a",
      "https://api.test/b?token=[redacted]",
    ]);
    expect(loaded.exchanges[0]?.request.headers.authorization).toBe("[redacted]");
    expect(loaded.unreadable).toEqual([]);
  });

  test("a scenario cassette's calls are exchanges named after their tools", () => {
    const loaded = loadTraffic([
      packagePath("scenarios", "cassettes", "update-event.standard.cassette.json"),
    ]);
    expect(loaded.exchanges.map((e) => [e.tool, e.request.method, e.response.status])).toEqual([
      ["update_event", "PUT", 404],
    ]);
  });

  test("a bad file found in a folder is listed and the rest read; one named is a one-line error", () => {
    const dir = hostileProject({ "bad.har": "{ nope", "good.traffic.json": "" });
    writeTrafficFile(join(dir, "good.traffic.json"), {
      version: 1,
      kind: "traffic",
      source: "x",
      exchanges: [],
    });
    const loaded = loadTraffic(["."], { cwd: dir });
    expect(loaded.unreadable).toEqual([expect.stringMatching(/^bad\.har: invalid JSON/)]);
    expect(() => loadTraffic(["bad.har"], { cwd: dir })).toThrow(/^bad\.har: invalid JSON/);
    writeFileSync(join(dir, "other.json"), JSON.stringify({ hello: "world" }));
    expect(() => loadTraffic(["other.json"], { cwd: dir })).toThrow(
      "other.json: not a HAR capture, a traffic file or a cassette",
    );
  });

  test("a symlink out of the project is not followed, in a folder or named", () => {
    const outside = hostileProject({
      "secret.har": JSON.stringify(harOf([harEntry({ url: "https://x.test/" })])),
    });
    const dir = hostileProject();
    mkdirSync(join(dir, "scenarios"));
    symlinkSync(join(outside, "secret.har"), join(dir, "scenarios", "secret.har"));
    expect(loadTraffic(["scenarios"], { cwd: dir, roots: [dir] }).exchanges).toEqual([]);
    expect(() => loadTraffic(["scenarios/secret.har"], { cwd: dir, roots: [dir] })).toThrow(
      /is outside the project/,
    );
  });

  test("a traffic file round-trips, and one off its schema names the place", () => {
    const dir = hostileProject();
    const file = join(dir, "t.traffic.json");
    const traffic = {
      version: 1 as const,
      kind: "traffic" as const,
      source: "s",
      exchanges: [exchange("GET", "https://a.test/", 200, [])],
    };
    writeTrafficFile(file, traffic);
    expect(readTrafficFile(file)).toEqual(traffic);
    writeFileSync(file, JSON.stringify({ ...traffic, exchanges: [{ request: { method: 1 } }] }));
    expect(() => loadTraffic([file])).toThrow(/exchanges\[0\]\.request\.method/);
  });
});
