import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { runCli } from "../../src/cli/run-cli.js";
import { packagePath } from "../../src/package/package-root.js";
import { captureIo } from "../support/capture-io.js";
import { BACKTRACKING_PATTERNS, craftedText } from "../support/hostile-patterns.js";
import { hostileProject } from "../support/hostile-project.js";

/** Long enough that JavaScript's RegExp would never finish on any of the patterns. */
const CRAFTED = craftedText(5_000);

/**
 * A pull request's spec whose query parameter (with the crafted text as its default, which the probe
 * sends) and answer (the crafted text as its example) carry the pattern, its toolkit, and a scenario whose
 * scripted model answers with the crafted text, checked by `expect.answer.matches`.
 */
function project(pattern: string): string {
  const spec = {
    openapi: "3.0.3",
    info: { title: "Hostile", version: "1" },
    servers: [{ url: "http://hostile.test" }],
    paths: {
      "/notes": {
        get: {
          operationId: "searchNotes",
          parameters: [
            { name: "q", in: "query", required: true, schema: { type: "string", pattern, default: CRAFTED } },
          ],
          responses: {
            "200": {
              description: "ok",
              content: {
                "application/json": {
                  schema: { type: "object", properties: { text: { type: "string", pattern } } },
                  example: { text: CRAFTED },
                },
              },
            },
          },
        },
      },
    },
  };
  const scenario = {
    tools: [packagePath("tools")],
    profile: "standard",
    messages: "hi",
    model: { scripted: [{ answer: CRAFTED }] },
    cassette: "tape.json",
    expect: { answer: { matches: pattern } },
  };
  return hostileProject({
    "tools/hostile.openapi.json": JSON.stringify(spec),
    "tools/kit.json": JSON.stringify({ kind: "openapi-toolkit", name: "kit", spec: "hostile.openapi.json" }),
    "scenario.json": JSON.stringify(scenario),
  });
}

async function tooldeck(...args: string[]) {
  const { io, stdout, stderr } = captureIo();
  const exit = await runCli(args, io);
  return { exit, stdout: stdout(), stderr: stderr() };
}

describe.each(BACKTRACKING_PATTERNS)(
  "a pull request's $pattern against 5,000 crafted characters",
  ({ pattern, matches }) => {
    const mismatch = `must match pattern "${pattern}"`;

    test("a default check completes, its probe's arguments made to fit the pattern", async () => {
      const dir = project(pattern);
      const { exit, stdout } = await tooldeck(
        "check",
        join(dir, "tools"),
        "--spec",
        join(dir, "tools/hostile.openapi.json"),
      );
      // The probe writes arguments that fit the pattern (issue 38), and checks them with RE2: no mismatch.
      expect(exit).toBe(0);
      expect(stdout).not.toContain(mismatch);
    });

    test("call completes, and the answer the emulator gives is the example", async () => {
      const dir = project(pattern);
      const args = JSON.stringify({ QueryParameters: { q: CRAFTED } });
      const { exit, stdout } = await tooldeck(
        "call",
        "searchNotes",
        "--tools",
        join(dir, "tools"),
        "--args",
        args,
      );
      expect(exit).toBe(matches ? 0 : 1);
      if (matches) expect(JSON.parse(stdout)).toEqual({ text: CRAFTED });
      else expect(stdout).toContain(`QueryParameters.q ${mismatch}`);
    });

    test("serve --spec answers a GET with the crafted query", async () => {
      const dir = project(pattern);
      const stop = new AbortController();
      const { io, stdout } = captureIo(stop.signal);
      const exit = runCli(["serve", "--spec", join(dir, "tools/hostile.openapi.json"), "--port", "0"], io);
      try {
        await expect.poll(stdout).toContain("emulated on");
        const base = /http:\/\/127\.0\.0\.1:\d+/.exec(stdout())?.[0];
        const answer = await fetch(`${base}/notes?q=${CRAFTED}`);
        expect(answer.status).toBe(matches ? 200 : 400);
      } finally {
        stop.abort();
      }
      expect(await exit).toBe(0);
    });

    test("run checks expect.answer.matches on the crafted answer, recorded and then replayed in CI", async () => {
      const dir = project(pattern);
      // A failing first run is recorded only when asked: the replay below must judge the same answer.
      const recorded = await tooldeck("run", join(dir, "scenario.json"), "--record-failing");
      const replayed = await tooldeck("run", join(dir, "scenario.json"), "--ci");
      for (const { exit, stdout } of [recorded, replayed]) {
        expect(exit).toBe(matches ? 0 : 1);
        expect(stdout.includes(`answer: expected to match /${pattern}/`)).toBe(!matches);
      }
      expect(replayed.stdout).toContain("replayed");
    });
  },
);

describe("a pull request's path template of ten parameters side by side", () => {
  test("lint completes on a tool whose URL has a 5,000-character segment", async () => {
    const template = `/p/${Array.from({ length: 10 }, (_, i) => `{p${i}}`).join("")}z`;
    const spec = {
      openapi: "3.0.3",
      info: { title: "Hostile", version: "1" },
      servers: [{ url: "http://hostile.test" }],
      paths: {
        [template]: { get: { operationId: "hostilePath", responses: { "200": { description: "ok" } } } },
      },
    };
    const tool = {
      kind: "request",
      method: "GET",
      name: "long_path",
      description: "Use this to read a long path",
      url: `http://hostile.test/p/${"a".repeat(5_000)}`,
    };
    const dir = hostileProject({
      "tools/hostile.openapi.json": JSON.stringify(spec),
      "tools/long-path.json": JSON.stringify(tool),
    });
    const { exit, stdout } = await tooldeck(
      "lint",
      join(dir, "tools"),
      "--spec",
      join(dir, "tools/hostile.openapi.json"),
    );
    expect(exit).toBe(1);
    expect(stdout).toContain(`→ call GET ${template} (hostilePath)`);
  });
});

describe("patterns RE2 cannot run", () => {
  test("are not checked, the rest of their schema is, and serve --spec --explain lists them", async () => {
    const spec = {
      openapi: "3.0.3",
      info: { title: "Hostile", version: "1" },
      paths: {
        "/users": {
          get: {
            parameters: [
              {
                name: "name",
                in: "query",
                schema: { type: "string", pattern: "^(?!admin)\\w+$", maxLength: 8 },
              },
              { name: "code", in: "query", schema: { type: "string", pattern: "^[a-z]+$" } },
            ],
            responses: {
              "200": {
                description: "ok",
                content: {
                  "application/json": {
                    schema: { type: "object", patternProperties: { "(a)\\1": { type: "string" } } },
                    example: {},
                  },
                },
              },
            },
          },
        },
      },
    };
    const file = join(hostileProject({ "spec.json": JSON.stringify(spec) }), "spec.json");
    const { exit, stdout } = await tooldeck("serve", "--spec", file, "--explain");
    expect(exit).toBe(0);
    expect(stdout.split("\n").slice(1)).toEqual([
      'GET /users: pattern /^(?!admin)\\w+$/ is not checked (RE2 cannot run lookaround); a generated value holds "tooldeck: pattern not generated"',
      'GET /users: pattern /(a)\\1/ is not checked (RE2 cannot run a backreference); a generated value holds "tooldeck: pattern not generated"',
      "",
    ]);
    const stop = new AbortController();
    const { io, stdout: served } = captureIo(stop.signal);
    const running = runCli(["serve", "--spec", file, "--port", "0"], io);
    try {
      await expect.poll(served).toContain("emulated on");
      const base = /http:\/\/127\.0\.0\.1:\d+/.exec(served())?.[0];
      expect((await fetch(`${base}/users?name=admin`)).status).toBe(200);
      expect((await fetch(`${base}/users?name=administrator`)).status).toBe(400);
      expect((await fetch(`${base}/users?code=ABC`)).status).toBe(400);
    } finally {
      stop.abort();
    }
    expect(await running).toBe(0);
  });
});
