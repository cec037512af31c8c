import { readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { load } from "js-yaml";
import { describe, expect, test } from "vitest";
import { writeTrafficFile } from "../../src/traffic/traffic-file.js";
import { exchange } from "../support/exchange.js";
import { hostileProject } from "../support/hostile-project.js";
import { tooldeck, tooldeckIn } from "../support/run-tooldeck.js";

const API = "https://api.mycompany.com";

function projectWithTraffic(): string {
  const dir = hostileProject();
  writeTrafficFile(join(dir, "scenarios", "traffic", "api.traffic.json"), {
    version: 1,
    kind: "traffic",
    source: `proxy to ${API}`,
    exchanges: [
      exchange("GET", `${API}/events`, 200, [{ id: "1" }]),
      exchange("GET", `${API}/events/1`, 200, { id: "1" }),
      exchange("PATCH", `${API}/events/1`, 200, { id: "1" }, { name: "x" }),
      exchange("GET", "https://cdn.mycompany.com/a", 200, {}),
    ],
  });
  return dir;
}

describe("tooldeck infer", () => {
  test("prints the description of the busiest host as YAML, and names the others on stderr", async () => {
    const { exit, stdout, stderr } = await tooldeckIn(projectWithTraffic(), ["infer"]);
    expect(exit).toBe(0);
    const document = load(stdout) as { servers: unknown; paths: Record<string, unknown> };
    expect(document.servers).toEqual([{ url: API }]);
    expect(Object.keys(document.paths)).toEqual(["/events", "/events/{eventId}"]);
    expect(stderr).toBe(
      `note: 3 operations of ${API} inferred from 3 recorded exchanges\nnote: other hosts left out (choose with --host): https://cdn.mycompany.com (1)\n`,
    );
  });

  test("--out writes it (JSON for .json), atomically, and --host picks the host", async () => {
    const dir = projectWithTraffic();
    const { exit, stderr } = await tooldeckIn(dir, [
      "infer",
      "scenarios/",
      "--out",
      "specs/cdn.json",
      "--host",
      "cdn.mycompany.com",
    ]);
    expect(exit).toBe(0);
    expect(stderr).toContain("wrote specs/cdn.json");
    expect(JSON.parse(readFileSync(join(dir, "specs", "cdn.json"), "utf8")).servers).toEqual([
      { url: "https://cdn.mycompany.com" },
    ]);
  });

  test("nothing to infer from is a usage error in one line", async () => {
    const { exit, stderr } = await tooldeckIn(hostileProject({ "scenarios/x.yaml": "name: x" }), ["infer"]);
    expect(exit).toBe(2);
    expect(stderr).toBe("tooldeck infer: no recorded exchanges found in scenarios/\n");
  });

  test("--out through a symlinked folder out of the project is refused", async () => {
    const dir = projectWithTraffic();
    const outside = hostileProject();
    symlinkSync(outside, join(dir, "out"));
    const { exit, stderr } = await tooldeckIn(dir, ["infer", "--out", "out/api.yaml"]);
    expect(exit).toBe(2);
    expect(stderr).toBe(
      `tooldeck infer: out is a symlink to ${outside} outside the project; pass --root to widen it\n`,
    );
  });

  test("--help says where the traffic comes from and what to do next", async () => {
    const { stdout } = await tooldeck("infer", "--help");
    for (const text of [
      ".har",
      ".traffic.json",
      ".cassette.json",
      "--out",
      "--host",
      "check --spec",
      "serve --spec",
    ])
      expect(stdout).toContain(text);
  });
});
