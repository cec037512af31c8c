import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { loadSpec } from "../../src/openapi/load-spec.js";
import { MAX_NESTING } from "../../src/openapi/resolve-refs.js";
import { MAX_EXPANDED_TEXT, MAX_EXPANDED_VALUES } from "../../src/project-files/bounded-expansion.js";
import { createTools } from "../../src/runtime/create-tools.js";
import { hostileProject, yamlAliasBomb } from "../support/hostile-project.js";

/** A spec whose one operation has the given parameter (a `$ref`, or a parameter holding one). */
function specWithParameter(parameter: unknown): string {
  return JSON.stringify({
    openapi: "3.0.3",
    info: { title: "Hostile", version: "1" },
    servers: [{ url: "http://events.tooldeck.internal" }],
    paths: {
      "/x": { get: { operationId: "x", parameters: [parameter], responses: { 200: { description: "ok" } } } },
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

/** A spec whose path /x has `operations`, with `schemas` as its component schemas. */
function fanOutSpec(schemas: Record<string, unknown>, operations: Record<string, unknown>): string {
  return JSON.stringify({
    openapi: "3.0.3",
    info: { title: "Fan", version: "1" },
    paths: { "/x": operations },
    components: { schemas },
  });
}

const EXPANDS = `expands to more than ${MAX_EXPANDED_VALUES} values (YAML aliases or shared $refs); refusing to load it`;
const EXPANDS_TEXT = `expands to more than ${MAX_EXPANDED_TEXT} characters of text (YAML aliases or shared $refs); refusing to load it`;
const WHERE = "api.json#/paths/~1x/get/parameters/0";

describe("files named by $refs stay inside the project", () => {
  test("a parameter named by $ref to ../../etc/passwd is refused and the file is never read", async () => {
    const dir = hostileProject({
      "tools/api.json": specWithParameter({
        name: { $ref: "../../../../../../../../etc/passwd" },
        in: "query",
      }),
    });
    const message = await loadError(join(dir, "tools/api.json"), { roots: [dir] });
    expect(message).toBe(
      `${join(dir, "tools", WHERE)}/name: $ref "../../../../../../../../etc/passwd" is outside the project (${dir}); widen it with --root`,
    );
  });

  test("an absolute $ref (/etc/passwd#/x) is refused", async () => {
    const dir = hostileProject({ "api.json": specWithParameter({ $ref: "/etc/passwd#/x" }) });
    expect(await loadError(join(dir, "api.json"), { roots: [dir] })).toBe(
      `${join(dir, WHERE)}: $ref "/etc/passwd" is outside the project (${dir}); widen it with --root`,
    );
  });

  test("$ref: /dev/zero is refused without reading it", async () => {
    const dir = hostileProject({ "api.json": specWithParameter({ $ref: "/dev/zero" }) });
    expect(await loadError(join(dir, "api.json"), { roots: [dir] })).toContain(
      '$ref "/dev/zero" is outside the project',
    );
    expect(await loadError(join(dir, "api.json"), { roots: [dir, "/dev"] })).toBe(
      `${join(dir, WHERE)}: $ref "/dev/zero" is not a regular file`,
    );
  });

  test("a symlink inside the project to a file outside it is refused; --root widens it", async () => {
    const outside = hostileProject({ "param.yaml": "name: stolen\nin: query\nschema: { type: string }\n" });
    const dir = hostileProject({ "api.json": specWithParameter({ $ref: "./param.yaml" }) });
    symlinkSync(join(outside, "param.yaml"), join(dir, "param.yaml"));
    expect(await loadError(join(dir, "api.json"), { roots: [dir] })).toContain(
      '$ref "./param.yaml" is outside the project',
    );
    const spec = await loadSpec(join(dir, "api.json"), { roots: [dir, outside] });
    expect(JSON.stringify(spec.document.paths)).toContain('"name":"stolen"');
  });

  test("a spec named through a folder that is a symlink out is refused before its folder becomes a root", async () => {
    const outside = hostileProject({
      "api.json": specWithParameter({ $ref: "./param.yaml" }),
      "param.yaml": "name: stolen\nin: query\nschema: { type: string }\n",
    });
    const dir = hostileProject();
    symlinkSync(outside, join(dir, "specs"));
    expect(await loadError("specs/api.json", { roots: [dir], baseDir: dir })).toBe(
      `specs is a symlink to ${outside} outside the project; pass --root to widen it`,
    );
    const spec = await loadSpec("specs/api.json", { roots: [dir, outside], baseDir: dir });
    expect(JSON.stringify(spec.document.paths)).toContain('"name":"stolen"');
  });

  test.each([
    ["file:", "file:///etc/passwd"],
    ["ftp:", "ftp://example.com/x.yaml"],
  ])("a %s URL in a $ref is refused", async (scheme, ref) => {
    const dir = hostileProject({ "api.json": specWithParameter({ $ref: ref }) });
    expect(await loadError(join(dir, "api.json"), { roots: [dir] })).toBe(
      `${join(dir, WHERE)}: $ref "${ref}" is a ${scheme} URL; only files in the project and http(s) URLs are read`,
    );
  });

  test("a spec given as a data: URL (a Flowise upload) may not $ref files", async () => {
    for (const ref of ["./param.yaml", "/etc/passwd"]) {
      const text = specWithParameter({ $ref: ref });
      const url = `data:application/json;base64,${Buffer.from(text).toString("base64")},filename:api.json`;
      expect(await loadError(url)).toBe(
        `${WHERE}: $ref "${ref}" is refused: a spec given inline (a data: URL or an object) has no folder to read files from`,
      );
    }
  });

  test("$refs inside data (x- extensions, examples, defaults, enum, const, externalDocs) are never read", async () => {
    const leak = { $ref: "/etc/passwd" };
    const schema = {
      type: "object",
      "x-leak": leak,
      example: leak,
      examples: [leak],
      default: leak,
      enum: [leak],
      const: leak,
      externalDocs: leak,
      properties: { properties: { type: "object", "x-inner": leak } },
    };
    const dir = hostileProject({
      "api.json": JSON.stringify({
        openapi: "3.1.0",
        info: { title: "T", version: "1" },
        "x-top": leak,
        paths: {
          "/x": {
            post: {
              requestBody: {
                content: {
                  "application/json": { schema, examples: { one: { summary: "s", value: leak } } },
                },
              },
              responses: { 200: { description: "ok" } },
            },
          },
        },
      }),
    });
    for (const lazyRefs of [false, true]) {
      const spec = await loadSpec(join(dir, "api.json"), { roots: [dir], lazyRefs });
      expect(spec.title).toBe("T");
    }
  });
});

describe("a spec path written in a config", () => {
  test("must be inside the roots itself (confineSpec), as createTools reads a toolkit's spec: with roots", async () => {
    const outside = hostileProject({ "api.json": specWithParameter({ name: "q", in: "query" }) });
    const dir = hostileProject();
    expect(await loadError(join(outside, "api.json"), { roots: [dir], confineSpec: true })).toBe(
      `${join(outside, "api.json")}: is outside the project (${dir}); widen it with --root`,
    );
    const config = {
      kind: "openapi-toolkit" as const,
      name: "kit",
      spec: join(outside, "api.json"),
      returnDirect: false,
      headers: {},
      removeNulls: false,
      selectedEndpoints: [],
    };
    await expect(createTools([config], { roots: [dir] })).rejects.toThrow("is outside the project");
    expect((await createTools([config], { roots: [dir, outside] })).map((tool) => tool.name)).toEqual(["x"]);
  });
});

describe("expansion is bounded", () => {
  test("a YAML alias bomb in a spec is refused", async () => {
    const dir = hostileProject({
      "api.yaml": `openapi: 3.0.3\ninfo: { title: T, version: '1' }\npaths: {}\nx-bomb:\n${yamlAliasBomb(9, "  ")}\n`,
    });
    expect(await loadError(join(dir, "api.yaml"), { roots: [dir] })).toBe(
      `${join(dir, "api.yaml")}: ${EXPANDS}`,
    );
  });

  test("a YAML alias bomb in a $ref'd file is refused, naming the $ref", async () => {
    const dir = hostileProject({
      "api.json": specWithParameter({ $ref: "./param.yaml" }),
      "param.yaml": `name: p\nin: query\nx-bomb:\n${yamlAliasBomb(9, "  ")}\n`,
    });
    expect(await loadError(join(dir, "api.json"), { roots: [dir] })).toBe(
      `${join(dir, WHERE)}: $ref "./param.yaml": ${join(dir, "param.yaml")}: ${EXPANDS}`,
    );
  });

  test("a $ref fan-out (40 levels, each schema refers twice to the one before) is refused, eager and lazy", async () => {
    const schemas: Record<string, unknown> = { s0: { type: "string" } };
    for (let i = 1; i <= 40; i++) {
      const previous = { $ref: `#/components/schemas/s${i - 1}` };
      schemas[`s${i}`] = { allOf: [previous], properties: { a: previous, b: previous } };
    }
    const dir = hostileProject({
      "api.json": fanOutSpec(schemas, {
        post: {
          operationId: "x",
          requestBody: { content: { "application/json": { schema: { $ref: "#/components/schemas/s40" } } } },
          responses: { 200: { description: "ok" } },
        },
      }),
    });
    for (const lazyRefs of [false, true]) {
      expect(await loadError(join(dir, "api.json"), { roots: [dir], lazyRefs })).toBe(
        `${join(dir, "api.json")}: ${EXPANDS}`,
      );
    }
  });
});

describe("expansion is bounded in text", () => {
  test("a 100,000-character description shared by a $ref fan-out of 10,000 sites is refused, eager and lazy", async () => {
    const schemas: Record<string, unknown> = { s0: { type: "string", description: "d".repeat(100_000) } };
    for (let i = 1; i <= 4; i++) {
      const previous = { $ref: `#/components/schemas/s${i - 1}` };
      schemas[`s${i}`] = {
        properties: Object.fromEntries(Array.from({ length: 10 }, (_, k) => [`p${k}`, previous])),
      };
    }
    const dir = hostileProject({
      "api.json": fanOutSpec(schemas, {
        get: {
          operationId: "x",
          parameters: [{ name: "q", in: "query", schema: { $ref: "#/components/schemas/s4" } }],
          responses: { 200: { description: "ok" } },
        },
      }),
    });
    for (const lazyRefs of [false, true]) {
      expect(await loadError(join(dir, "api.json"), { roots: [dir], lazyRefs })).toBe(
        `${join(dir, "api.json")}: ${EXPANDS_TEXT}`,
      );
    }
  });
});

describe("expansion is bounded in parts left for later", () => {
  test("a $ref fan-out reached only from responses loads lazily, and reading the responses throws", async () => {
    const schemas: Record<string, unknown> = { s0: { type: "string" } };
    for (let i = 1; i <= 40; i++) {
      const previous = { $ref: `#/components/schemas/s${i - 1}` };
      schemas[`s${i}`] = { properties: { a: previous, b: previous } };
    }
    const ok = {
      description: "ok",
      content: { "application/json": { schema: { $ref: "#/components/schemas/s40" } } },
    };
    const dir = hostileProject({
      "api.json": JSON.stringify({
        openapi: "3.0.3",
        info: { title: "Fan", version: "1" },
        paths: { "/x": { get: { operationId: "x", responses: { 200: ok } } } },
        components: { schemas },
      }),
    });
    const spec = await loadSpec(join(dir, "api.json"), { roots: [dir], lazyRefs: true });
    const operation = spec.document.paths?.["/x"]?.get as Record<string, unknown>;
    const read = () => operation.responses;
    expect(read).toThrow(`${join(dir, "api.json")}: ${EXPANDS}`);
    // The same error on every read, never a half-resolved value.
    expect(read).toThrow(`${join(dir, "api.json")}: ${EXPANDS}`);
  });
});

describe("nesting is bounded: a deep or self-containing spec is a load error, not a stack overflow", () => {
  const TOO_DEEP = `nested more than ${MAX_NESTING} objects deep ($ref targets included); refusing to load it`;

  /** A query parameter whose schema is an array of arrays … `depth` times (as text: too deep to stringify). */
  function deepSpec(depth: number): string {
    const schema = `${'{"type":"array","items":'.repeat(depth)}{"type":"string"}${"}".repeat(depth)}`;
    return specWithParameter({ name: "q", in: "query", schema: "SCHEMA" }).replace('"SCHEMA"', schema);
  }

  test("20,000 levels of `items` are refused, eager and lazy, naming where (cut after a few keys)", async () => {
    const dir = hostileProject({ "api.json": deepSpec(20_000) });
    for (const lazyRefs of [false, true]) {
      expect(await loadError(join(dir, "api.json"), { roots: [dir], lazyRefs })).toBe(
        `${join(dir, WHERE)}/schema/items/items/…: ${TOO_DEEP}`,
      );
    }
  });

  test("a chain of 2,000 schemas, each a property of the one before, is refused when walked lazily", async () => {
    const schemas: Record<string, unknown> = { s0: { type: "string" } };
    for (let i = 1; i <= 2_000; i++) {
      schemas[`s${i}`] = { type: "object", properties: { next: { $ref: `#/components/schemas/s${i - 1}` } } };
    }
    const spec = JSON.parse(
      specWithParameter({ name: "q", in: "query", schema: { $ref: "#/components/schemas/s2000" } }),
    );
    const dir = hostileProject({ "api.json": JSON.stringify({ ...spec, components: { schemas } }) });
    // Each target is walked when first pointed at, inside the walk of the schema pointing at it.
    const message = await loadError(join(dir, "api.json"), { roots: [dir], lazyRefs: true });
    expect(message.startsWith(`${join(dir, "api.json")}#/components/schemas/s`)).toBe(true);
    expect(message).toMatch(new RegExp(`#/components/schemas/s\\d+: ${TOO_DEEP.replace(/[()$]/g, "\\$&")}$`));
  });

  test("a spec just inside the limit loads, and its tools build", async () => {
    const dir = hostileProject({ "api.json": deepSpec(MAX_NESTING - 10) });
    const spec = await loadSpec(join(dir, "api.json"), { roots: [dir] });
    expect(spec.document.paths?.["/x"]).toBeDefined();
    const config = {
      kind: "openapi-toolkit" as const,
      spec: join(dir, "api.json"),
      returnDirect: false,
      headers: {},
      removeNulls: false,
      selectedEndpoints: [],
    };
    const tools = await createTools([config], { roots: [dir] });
    expect(tools.map((tool) => tool.name)).toEqual(["x"]);
  });

  test("a YAML spec whose alias holds itself is refused where it is parsed", async () => {
    const dir = hostileProject({
      "api.yaml":
        'openapi: 3.0.3\ninfo: {title: t, version: "1"}\npaths:\n  /a: &p\n    get:\n      x-loop: *p\n',
    });
    expect(await loadError(join(dir, "api.yaml"), { roots: [dir] })).toBe(
      `${join(dir, "api.yaml")}: invalid YAML (an alias refers to a node it is inside: a cycle)`,
    );
  });
});
