import { mkdirSync, mkdtempSync, symlinkSync, truncateSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { runCli } from "../../src/cli/run-cli.js";
import { loadToolConfigs } from "../../src/config/load-tool-configs.js";
import { loadSpec } from "../../src/openapi/load-spec.js";
import { MAX_EXPANDED_VALUES } from "../../src/project-files/bounded-expansion.js";
import { MAX_FILE_BYTES, readProjectFile } from "../../src/project-files/read-project-file.js";
import { captureIo } from "../support/capture-io.js";

/** A project folder (with `.git`, so it is its own repository) holding the files an attacker wrote. */
function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "tooldeck-hostile-"));
  mkdirSync(join(dir, ".git"));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, ".."), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

/** A spec whose one operation has a parameter given by `$ref`. */
function specWithParameterRef(ref: string): string {
  return JSON.stringify({
    openapi: "3.0.3",
    info: { title: "Hostile", version: "1" },
    servers: [{ url: "http://events.tooldeck.internal" }],
    paths: {
      "/x": {
        get: { operationId: "x", parameters: [{ $ref: ref }], responses: { 200: { description: "ok" } } },
      },
    },
  });
}

async function loadError(path: string, options: Parameters<typeof loadSpec>[1] = {}): Promise<string> {
  try {
    await loadSpec(path, options);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("loaded");
}

describe("files named by $refs stay inside the project", () => {
  test.each([
    ["a relative path out", "../../../../../../../../etc/passwd"],
    ["an absolute path", "/etc/passwd#/x"],
    ["a home file", "/root/.npmrc"],
  ])("%s is refused and never read", async (_name, ref) => {
    const dir = project({ "api.json": specWithParameterRef(ref) });
    const message = await loadError(join(dir, "api.json"));
    expect(message).toMatch(
      /is outside the project \(.*\); widen it with --root|cannot read file \(ENOENT\)/,
    );
    expect(message).not.toContain("root:x:0:0");
  });

  test("/dev/zero is refused without reading it", async () => {
    const dir = project({ "api.json": specWithParameterRef("/dev/zero") });
    expect(await loadError(join(dir, "api.json"), { roots: ["/dev"] })).toContain("is not a regular file");
  });

  test("a symlink inside the project to a file outside it is refused", async () => {
    const outside = project({ "secret.yaml": "name: stolen\nin: query\n" });
    const dir = project({ "api.json": specWithParameterRef("./param.yaml") });
    symlinkSync(join(outside, "secret.yaml"), join(dir, "param.yaml"));
    expect(await loadError(join(dir, "api.json"))).toContain("is outside the project");
  });

  test("--root widens the project", async () => {
    const outside = project({ "param.yaml": "name: limit\nin: query\nschema: { type: integer }\n" });
    const dir = project({ "api.json": specWithParameterRef(join(outside, "param.yaml")) });
    const spec = await loadSpec(join(dir, "api.json"), { roots: [outside] });
    expect(JSON.stringify(spec.document.paths)).toContain('"name":"limit"');
  });

  test("a file: URL in a $ref is refused", async () => {
    const dir = project({ "api.json": specWithParameterRef("file:///etc/passwd") });
    expect(await loadError(join(dir, "api.json"))).toContain(
      "is a file: URL; only files in the project and http(s) URLs are read",
    );
  });

  test("a $ref inside an example or an x- extension is never read", async () => {
    const dir = project({
      "api.yaml": [
        "openapi: 3.0.3",
        "info: { title: T, version: '1' }",
        "x-leak: { $ref: '/etc/passwd' }",
        "paths:",
        "  /x:",
        "    get:",
        "      responses:",
        "        '200':",
        "          description: ok",
        "          content: { application/json: { example: { $ref: '/etc/shadow' } } }",
      ].join("\n"),
    });
    const spec = await loadSpec(join(dir, "api.yaml"));
    expect(spec.title).toBe("T");
  });

  test("a file over 50 MB is refused", () => {
    const dir = project({ "big.yaml": "" });
    truncateSync(join(dir, "big.yaml"), MAX_FILE_BYTES + 1);
    expect(() => readProjectFile(join(dir, "big.yaml"))).toThrow("is larger than 50 MB");
  });
});

describe("configs stay inside the project", () => {
  test("tools/env.json → /proc/self/environ is refused and its content never shown", () => {
    process.env.TOOLDECK_TEST_SECRET = "do-not-print-me";
    const dir = project({
      "tools/ok.yaml": "kind: request\nmethod: GET\nname: ok\ndescription: d\nurl: http://x/\n",
    });
    symlinkSync("/proc/self/environ", join(dir, "tools", "env.json"));
    const loaded = loadToolConfigs([join(dir, "tools")], { roots: [dir] });
    const text = JSON.stringify(loaded.errors);
    expect(loaded.errors).toEqual([
      {
        file: join(dir, "tools", "env.json"),
        path: "",
        message: expect.stringContaining("is outside the project"),
      },
    ]);
    expect(text).not.toContain("do-not-print-me");
    expect(loaded.tools.map((tool) => tool.config.name)).toEqual(["ok"]);
  });

  test("a toolkit whose spec path leads out of the project is refused at load", () => {
    const dir = project({
      "tools/kit.yaml": "kind: openapi-toolkit\nname: kit\nspec: ../../../../../../../../etc/passwd\n",
    });
    const loaded = loadToolConfigs([join(dir, "tools")], { roots: [dir] });
    expect(loaded.tools).toEqual([]);
    expect(loaded.errors[0]).toMatchObject({
      path: "spec",
      message: expect.stringContaining("is outside the project"),
    });
  });
});

describe("expansion is bounded", () => {
  const laughs = (levels: number) =>
    [
      "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]",
      ...Array.from({ length: levels }, (_, i) => {
        const prev = `*a${i}`;
        return `a${i + 1}: &a${i + 1} [${Array(10).fill(prev).join(", ")}]`;
      }),
    ].join("\n");

  test("a YAML alias bomb in a tool config is refused with one line", () => {
    const dir = project({ "tools/bomb.yaml": `${laughs(9)}\nkind: request\n` });
    const loaded = loadToolConfigs([join(dir, "tools")], { roots: [dir] });
    expect(loaded.errors[0]?.message).toBe(
      `expands to more than ${MAX_EXPANDED_VALUES} values (YAML aliases or shared $refs); refusing to load it`,
    );
  });

  test("a YAML alias bomb in a spec is refused", async () => {
    const dir = project({
      "api.yaml": `openapi: 3.0.3\ninfo: { title: T, version: '1' }\npaths: {}\nx-bomb:\n  ${laughs(9).replace(/\n/g, "\n  ")}\n`,
    });
    expect(await loadError(join(dir, "api.yaml"))).toContain("expands to more than 10000000 values");
  });

  test("a $ref fan-out (each schema twice the one before) is refused", async () => {
    const schemas: Record<string, unknown> = { s0: { type: "string" } };
    for (let i = 1; i <= 40; i++) {
      schemas[`s${i}`] = {
        type: "object",
        properties: {
          a: { $ref: `#/components/schemas/s${i - 1}` },
          b: { $ref: `#/components/schemas/s${i - 1}` },
        },
      };
    }
    const spec = {
      openapi: "3.0.3",
      info: { title: "Fan", version: "1" },
      paths: {
        "/x": {
          post: {
            operationId: "x",
            requestBody: {
              content: { "application/json": { schema: { $ref: "#/components/schemas/s40" } } },
            },
            responses: { 200: { description: "ok" } },
          },
        },
      },
      components: { schemas },
    };
    const dir = project({ "api.json": JSON.stringify(spec) });
    expect(await loadError(join(dir, "api.json"))).toContain("expands to more than 10000000 values");
    expect(await loadError(join(dir, "api.json"), { lazyRefs: true })).toContain("expands to more than");
  });
});

describe("remote specs and $refs", () => {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(request.url ?? "");
    response.end(specWithParameterRef("#/components/parameters/p"));
  });
  let origin = "";
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test("are not fetched without --allow-remote-refs", async () => {
    const dir = project({ "api.json": specWithParameterRef(`${origin}/param.json`) });
    expect(await loadError(join(dir, "api.json"))).toContain(
      `"${origin}/param.json" is remote; remote specs and $refs are off (allow them with --allow-remote-refs)`,
    );
    expect(requests).toEqual([]);
  });

  test("are never fetched from loopback, private or metadata addresses, even with the flag", async () => {
    for (const url of [`${origin}/param.json`, "http://169.254.169.254/latest/meta-data/"]) {
      const dir = project({ "api.json": specWithParameterRef(url) });
      expect(await loadError(join(dir, "api.json"), { allowRemoteRefs: true })).toContain(
        "is a private, loopback or metadata address; specs are never downloaded from one",
      );
    }
    expect(requests).toEqual([]);
  });

  test("tooldeck lint does not fetch a toolkit's spec URL without the flag", async () => {
    const dir = project({
      "tools/kit.yaml": `kind: openapi-toolkit\nname: kit\nspec: ${origin}/spec.json\n`,
    });
    const captured = captureIo();
    await runCli(["lint", join(dir, "tools"), "--format", "json"], captured.io);
    expect(captured.stdout()).toContain(
      "remote specs and $refs are off (allow them with --allow-remote-refs)",
    );
    expect(requests).toEqual([]);
  });
});
