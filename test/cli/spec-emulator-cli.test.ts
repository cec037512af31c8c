import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { runCli } from "../../src/cli/run-cli.js";
import { startShippedCli } from "../support/built-cli.js";
import { captureIo } from "../support/capture-io.js";
import { oasExample } from "../support/real-specs.js";

const PETSTORE = oasExample("3.0/json/petstore.json");

const GET_PET = {
  kind: "request",
  method: "GET",
  name: "get_pet",
  description: "Use this to read one pet by its id",
  url: "http://petstore.swagger.io/v2/pet",
  queryParamsSchema: { petId: { type: "integer", in: "path", required: true, description: "ID of the pet" } },
};

/** The Petstore updates a pet with PUT /pet: PATCH is the PUT-instead-of-PATCH defect turned around. */
const PATCH_PET = {
  kind: "request",
  method: "PATCH",
  name: "rename_pet",
  description: "Use this to rename a pet",
  url: "http://petstore.swagger.io/v2/pet",
  bodySchema: {
    id: { type: "integer", required: true, description: "ID of the pet" },
    name: { type: "string", required: true, description: "The new name" },
  },
};

function toolsWith(...configs: object[]): string {
  const dir = mkdtempSync(join(tmpdir(), "tooldeck-spec-emulator-"));
  writeFileSync(join(dir, "tools.json"), JSON.stringify(configs));
  return dir;
}

async function tooldeck(...args: string[]) {
  const captured = captureIo();
  const exit = await runCli(args, captured.io);
  return { exit, stdout: captured.stdout(), stderr: captured.stderr() };
}

/** A loopback server standing for the real Petstore host: it must never be called without --live. */
let real: Server;
const requests: string[] = [];
const realHost = () => `127.0.0.1:${(real.address() as AddressInfo).port}`;

beforeAll(async () => {
  real = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    response.setHeader("content-type", "application/json");
    response.end('{"id":1,"name":"real","photoUrls":[]}');
  });
  await new Promise<void>((resolve) => real.listen(0, "127.0.0.1", () => resolve()));
});
afterAll(() => real.close());

describe("check probes the tools of a user's API against the spec emulator, offline", () => {
  test("a correct Petstore tool: answered by the spec emulator, exit 0", async () => {
    const { exit, stdout } = await tooldeck("check", toolsWith(GET_PET), "--spec", PETSTORE);
    expect(stdout).toContain(
      "GET http://petstore.swagger.io/v2/pet/1 → 200 (spec emulator: Swagger Petstore)",
    );
    expect(exit).toBe(0);
  });

  test("PATCH where the service offers PUT: 405 from the spec emulator and the lint finding, exit 1", async () => {
    const { exit, stdout } = await tooldeck("check", toolsWith(PATCH_PET), "--spec", PETSTORE);
    expect(stdout).toContain(
      "PATCH http://petstore.swagger.io/v2/pet → 405 (spec emulator: Swagger Petstore)",
    );
    expect(stdout).toContain("PATCH /pet is not an operation of Swagger Petstore (did you mean PUT /pet?)");
    expect(exit).toBe(1);
  });

  test("a host the description does not name is neither judged by it nor answered by its emulator", async () => {
    const tool = { ...GET_PET, url: `http://${realHost()}/v2/pet` };
    const { exit, stdout } = await tooldeck("check", toolsWith(tool), "--spec", PETSTORE);
    expect(stdout).toContain(
      `not probed: ${realHost()} has no OpenAPI description and is not called without --live`,
    );
    expect(stdout).toContain(`no OpenAPI description for ${realHost()}: 1 tool not compared (get_pet)`);
    expect(requests).toEqual([]);
    expect(exit).toBe(0);
  });

  test("apis: names the service's other host: its emulator answers there too, nothing is sent", async () => {
    const tool = { ...GET_PET, url: "http://pets.internal.test/v2/pet" };
    const dir = toolsWith(tool);
    writeFileSync(
      join(dir, "tooldeck.config.yaml"),
      `apis:\n  pets:\n    spec: ${JSON.stringify(PETSTORE)}\n    hosts: [pets.internal.test]\n`,
    );
    const { exit, stdout } = await tooldeck(
      "check",
      join(dir, "tools.json"),
      "--config",
      join(dir, "tooldeck.config.yaml"),
    );
    expect(stdout).toContain(
      "GET http://pets.internal.test/v2/pet/1 → 200 (spec emulator: Swagger Petstore)",
    );
    expect(requests).toEqual([]);
    expect(exit).toBe(0);
  });

  test("--live sends the probe to the real host instead (named with --allow-host)", async () => {
    const tool = { ...GET_PET, url: `http://${realHost()}/v2/pet` };
    const { stdout } = await tooldeck(
      "check",
      toolsWith(tool),
      "--spec",
      PETSTORE,
      "--live",
      "--allow-host",
      realHost(),
    );
    expect(requests).toEqual(["GET /v2/pet/1"]);
    expect(stdout).toContain(`GET http://${realHost()}/v2/pet/1 → 200`);
    expect(stdout).not.toContain("spec emulator");
    requests.length = 0;
  });

  test("a host with no description and no --live is skipped with an info finding, never an error", async () => {
    const tool = { ...GET_PET, name: "elsewhere", url: "http://api.unknown.test/things" };
    const dir = toolsWith(tool);
    // No --spec: tools/'s event API description is used for lint, and answers only on its own server.
    const { stdout } = await tooldeck("check", dir, "--format", "json");
    const report = JSON.parse(stdout) as {
      diagnostics: { code: string; severity: string; message: string }[];
    };
    expect(report.diagnostics.filter((d) => d.code === "probe")).toEqual([
      expect.objectContaining({
        severity: "info",
        message:
          "not probed: api.unknown.test has no OpenAPI description and is not called without --live (give --spec, or --live --allow-host api.unknown.test)",
      }),
    ]);
  });
});

describe("serve --spec", () => {
  test("--explain prints the inference, one line per operation", async () => {
    const { exit, stdout } = await tooldeck("serve", "--spec", "tools/event-api.openapi.yaml", "--explain");
    expect(stdout).toBe(
      [
        "GET /events → list events",
        "POST /events → create events, id field id",
        "GET /events/{id} → read events; invalid requests are answered 404 (the nearest declared 4xx)",
        "PATCH /events/{id} → update events",
        "DELETE /events/{id} → delete events; invalid requests are answered 404 (the nearest declared 4xx)",
        "",
      ].join("\n"),
    );
    expect(exit).toBe(0);
  });

  test("a schema ajv cannot compile: --explain names it, and serve says so once, when first met", async () => {
    const thing = {
      type: "object",
      required: ["name"],
      properties: { name: { type: "string" }, data: { type: "file" } },
    };
    const spec = join(mkdtempSync(join(tmpdir(), "tooldeck-spec-")), "files.json");
    writeFileSync(
      spec,
      JSON.stringify({
        openapi: "3.0.3",
        info: { title: "Files", version: "1" },
        paths: {
          "/upload": {
            post: {
              requestBody: { content: { "application/json": { schema: thing } } },
              responses: { "204": { description: "stored" }, "400": { description: "refused" } },
            },
          },
        },
      }),
    );
    const note =
      "POST /upload request body: ajv cannot compile its schema (type must be JSONType or JSONType[]: file); only its types, required fields, properties, items and enums are checked";
    expect((await tooldeck("serve", "--spec", spec, "--explain")).stdout).toContain(`${note}\n`);
    const stop = new AbortController();
    const { io, stdout, stderr } = captureIo(stop.signal);
    const exit = runCli(["serve", "--spec", spec, "--port", "0"], io);
    await expect.poll(() => stdout()).toContain("emulated on");
    const base = /http:\/\/127\.0\.0\.1:\d+/.exec(stdout())?.[0];
    const upload = (body: string) =>
      fetch(`${base}/upload`, { method: "POST", headers: { "content-type": "application/json" }, body });
    expect([
      (await upload('"x"')).status,
      (await upload("{}")).status,
      (await upload('{"name":"a"}')).status,
    ]).toEqual([400, 400, 204]);
    stop.abort();
    expect(await exit).toBe(0);
    expect(stderr()).toBe(`${note}\n`);
  });

  test("serves the emulator over a real socket with a --seed file until aborted", async () => {
    const seed = join(mkdtempSync(join(tmpdir(), "tooldeck-seed-")), "seed.json");
    writeFileSync(seed, JSON.stringify({ "/pet": [{ id: 7, name: "Rex", photoUrls: [] }] }));
    const stop = new AbortController();
    const { io, stdout } = captureIo(stop.signal);
    const exit = runCli(["serve", "--spec", PETSTORE, "--seed", seed, "--port", "0"], io);
    await expect.poll(() => stdout()).toContain("emulated on");
    const base = /http:\/\/127\.0\.0\.1:\d+\/v2/.exec(stdout())?.[0];
    expect(stdout()).toContain(`Swagger Petstore emulated on ${base} (20 operations`);
    expect(await (await fetch(`${base}/pet/7`)).json()).toEqual({ id: 7, name: "Rex", photoUrls: [] });
    const gone = await fetch(`${base}/pet/7`, { method: "DELETE" });
    // The Petstore's DELETE declares no 2xx: 204, as REST has it.
    expect(gone.status).toBe(204);
    expect((await fetch(`${base}/pet/7`)).status).toBe(404);
    // Over a socket the declared Content-Length is what is judged: refused before the body is read,
    // with the one 4xx POST /pet declares (its "405 Invalid input") rather than an undeclared 413.
    const huge = await fetch(`${base}/pet`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "x".repeat(2 * 1024 * 1024), photoUrls: [] }),
    });
    expect(huge.status).toBe(405);
    const created = await fetch(`${base}/pet`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Max", photoUrls: [] }),
    });
    expect(await created.json()).toEqual({ name: "Max", photoUrls: [], id: 8 });
    stop.abort();
    expect(await exit).toBe(0);
  });

  test.each([
    [["serve", "--explain"], "tooldeck serve: --explain needs --spec FILE\n"],
    [["serve", "--spec", "missing.yaml"], /^tooldeck serve: .*missing\.yaml/],
  ])("usage and load errors are one line: %j", async (args, message) => {
    const { exit, stderr } = await tooldeck(...args);
    expect(exit).toBe(2);
    if (typeof message === "string") expect(stderr).toBe(message);
    else expect(stderr).toMatch(message);
  });

  test("a seed naming no collection of the spec is a load error", async () => {
    const seed = join(mkdtempSync(join(tmpdir(), "tooldeck-seed-")), "seed.json");
    writeFileSync(seed, JSON.stringify({ "/cats": [] }));
    const { exit, stderr } = await tooldeck("serve", "--spec", PETSTORE, "--seed", seed, "--explain");
    expect(exit).toBe(2);
    expect(stderr).toBe(`tooldeck serve: ${seed}: "/cats" is not a collection of the spec\n`);
  });
});

describe("call runs the tools of a described API offline", () => {
  test("a request tool against --spec's emulator", async () => {
    const { exit, stdout } = await tooldeck(
      "call",
      "get_pet",
      "--tools",
      toolsWith(GET_PET),
      "--spec",
      PETSTORE,
      "--args",
      '{"queryParams":{"petId":1}}',
    );
    expect(JSON.parse(stdout)).toMatchObject({ id: 1, name: "doggie" });
    expect(exit).toBe(0);
  });

  test("a toolkit against its own spec's emulator, no --spec needed; --live goes to the real host", async () => {
    const dir = toolsWith({ kind: "openapi-toolkit", name: "petstore", spec: PETSTORE });
    const args = ["call", "getPetById", "--tools", dir, "--args", '{"PathParameters":{"petId":1}}'];
    const offline = await tooldeck(...args);
    expect(JSON.parse(offline.stdout)).toMatchObject({ id: 1 });
    const live = await tooldeck(...args, "--live");
    expect(live.exit).toBe(1);
    expect(live.stdout).toContain("refused: host petstore.swagger.io is not allowed");
  });

  test("a created pet gets the id after the one generated item the collection starts with", async () => {
    const dir = toolsWith({ kind: "openapi-toolkit", name: "petstore", spec: PETSTORE });
    const { exit, stdout } = await tooldeck(
      "call",
      "addPet",
      "--tools",
      dir,
      "--args",
      '{"RequestBody":{"name":"Rex","photoUrls":[]}}',
    );
    expect(JSON.parse(stdout)).toEqual({ name: "Rex", photoUrls: [], id: 2 });
    expect(exit).toBe(0);
  });
});

describe("the built CLI's spec emulator", () => {
  // The bundle require()s ajv from node_modules the first time a value needs it (a request its schema's
  // quick check cannot vouch for); this is the one path through dist/cli that does.
  test("answers a body the quick check cannot vouch for with ajv's error, and a good one without", async () => {
    const cli = startShippedCli(["serve", "--spec", "tools/event-api.openapi.yaml", "--port", "0"]);
    try {
      await expect.poll(cli.stdout).toContain("emulated on");
      const base = /http:\/\/127\.0\.0\.1:\d+/.exec(cli.stdout())?.[0];
      const post = (body: unknown) =>
        fetch(`${base}/events`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        });
      const bad = await post({ name: "Launch", date: "soon", location: "Lab" });
      expect(bad.status).toBe(400);
      expect((await bad.json()).error).toMatch(/^request body: \/date must match pattern/);
      const good = await post({ name: "Launch", date: "2025-01-02T03:04:05Z", location: "Lab" });
      expect(good.status).toBe(201);
    } finally {
      await cli.stop();
    }
  });

  test("answers a pattern of four nested {99} repeats with the placeholder, then stops on SIGTERM", async () => {
    const pattern = "^((((a{99}){99}){99}){99})$";
    const spec = {
      openapi: "3.0.3",
      info: { title: "Hostile", version: "1" },
      paths: {
        "/code": {
          get: {
            responses: {
              "200": { content: { "application/json": { schema: { type: "string", pattern } } } },
            },
          },
        },
      },
    };
    const file = join(mkdtempSync(join(tmpdir(), "tooldeck-repeats-")), "spec.json");
    writeFileSync(file, JSON.stringify(spec));
    const cli = startShippedCli(["serve", "--spec", file, "--port", "0"]);
    try {
      await expect.poll(cli.stdout).toContain("emulated on");
      const base = /http:\/\/127\.0\.0\.1:\d+/.exec(cli.stdout())?.[0];
      expect(await (await fetch(`${base}/code`)).json()).toBe("tooldeck: pattern not generated");
      expect(await cli.stop()).toBe(0);
    } finally {
      cli.kill();
    }
  });
});
