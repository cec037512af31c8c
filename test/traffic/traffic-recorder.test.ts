import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { loadTraffic } from "../../src/traffic/load-traffic.js";
import { createTrafficRecorder } from "../../src/traffic/traffic-recorder.js";
import { exchange } from "../support/exchange.js";
import { hostileProject } from "../support/hostile-project.js";

const TARGET = "http://127.0.0.1:5566/";

function lines(file: string): unknown[] {
  return readFileSync(file, "utf8")
    .trimEnd()
    .split("\n")
    .map((line) => JSON.parse(line));
}

describe("createTrafficRecorder", () => {
  test("appends each exchange as one line of <host>.traffic.ndjson at once, and continues a journal already there", () => {
    const dir = hostileProject();
    const first = createTrafficRecorder(dir, TARGET);
    expect(first.file).toBe(join(dir, "127.0.0.1_5566.traffic.ndjson"));
    first.add(exchange("GET", "http://127.0.0.1:5566/events", 200, []));
    // Written before anything else happens: nothing waits for a timer or for the end of the run.
    expect(lines(first.file)).toEqual([
      { version: 1, kind: "traffic", source: `tooldeck proxy to ${TARGET}` },
      exchange("GET", "http://127.0.0.1:5566/events", 200, []),
    ]);
    first.close();
    const second = createTrafficRecorder(dir, TARGET);
    second.add(exchange("GET", "http://127.0.0.1:5566/events/1", 404, {}));
    second.close();
    expect(lines(second.file)).toHaveLength(3);
    expect(second.recorded).toBe(1);
    expect(loadTraffic([dir]).exchanges.map((e) => e.request.url)).toEqual([
      "http://127.0.0.1:5566/events",
      "http://127.0.0.1:5566/events/1",
    ]);
  });

  test("a failed exchange is recorded with why, and left out by the readers (counted)", () => {
    const dir = hostileProject();
    const recorder = createTrafficRecorder(dir, TARGET);
    recorder.add(exchange("GET", "http://127.0.0.1:5566/events", 200, []));
    recorder.add(exchange("POST", "http://127.0.0.1:5566/events", 502, {}), "the answer was cut off");
    recorder.close();
    expect(lines(recorder.file)[2]).toMatchObject({ failure: "the answer was cut off" });
    expect(recorder.recorded).toBe(2);
    const read = loadTraffic([dir]);
    expect([read.exchanges.length, read.failed]).toEqual([1, 1]);
  });

  test("with a limit, keeps that many and then says no, whatever the file held before", () => {
    const dir = hostileProject();
    const recorder = createTrafficRecorder(dir, TARGET, { limit: 2 });
    const added = [1, 2, 3].map((id) => recorder.add(exchange("GET", `${TARGET}events/${id}`, 200, {})));
    recorder.close();
    expect(added).toEqual([true, true, false]);
    expect(recorder.recorded).toBe(2);
    expect(recorder.add(exchange("GET", `${TARGET}events/4`, 200, {}))).toBe(false);
  });

  test("past its size a journal goes on in <host>_part002.traffic.ndjson, each file whole; a new run continues the last", () => {
    const dir = hostileProject();
    const first = createTrafficRecorder(dir, TARGET, { partBytes: 400 });
    for (const id of [1, 2, 3, 4]) first.add(exchange("GET", `${TARGET}events/${id}`, 200, { id }));
    first.close();
    expect(first.file).toMatch(/127\.0\.0\.1_5566_part00\d\.traffic\.ndjson$/);
    const second = createTrafficRecorder(dir, TARGET, { partBytes: 400 });
    expect(second.file).toBe(first.file);
    second.close();
    const read = loadTraffic([dir]);
    expect(read.files.length).toBeGreaterThan(1);
    expect(read.exchanges.map((e) => e.request.url)).toEqual(
      [1, 2, 3, 4].map((id) => `${TARGET}events/${id}`),
    );
  });

  test("a journal whose last append was cut short (the process killed mid-line) goes on from its last whole line", () => {
    const dir = hostileProject();
    const first = createTrafficRecorder(dir, TARGET);
    first.add(exchange("GET", `${TARGET}events/1`, 200, {}));
    first.close();
    appendFileSync(first.file, '{"request":{"method":"GET","url":"http://127.0.0.1:5566/ev');
    expect(loadTraffic([first.file]).exchanges).toHaveLength(1);
    const second = createTrafficRecorder(dir, TARGET);
    second.add(exchange("GET", `${TARGET}events/2`, 200, {}));
    second.close();
    expect(loadTraffic([second.file]).exchanges.map((e) => e.request.url)).toEqual([
      `${TARGET}events/1`,
      `${TARGET}events/2`,
    ]);
  });

  test("a line that is not an exchange is a load error naming the file and the line", () => {
    const dir = hostileProject();
    const file = join(dir, "x.traffic.ndjson");
    writeFileSync(file, '{"version":1,"kind":"traffic","source":"s"}\n{"request":{}}\n');
    expect(() => loadTraffic([file])).toThrow(`${file}: line 2: `);
    writeFileSync(file, '{"version":1,"kind":"traffic","source":"s"}\n{"request":\n');
    expect(() => loadTraffic([file])).toThrow(`${file}: line 2: `);
  });
});
