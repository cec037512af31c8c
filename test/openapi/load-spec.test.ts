import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { ToolDeckError } from "../../src/errors.js";
import { loadSpec, type OpenApiSpec } from "../../src/openapi/load-spec.js";
import type { SchemaObject } from "../../src/openapi/openapi-document.js";
import { packagePath, packageRoot } from "../../src/package/package-root.js";
import { oasExample } from "../support/real-specs.js";

const root = packageRoot();

function schemasOf(spec: OpenApiSpec): Record<string, SchemaObject> {
  return (spec.document.components?.schemas ?? {}) as Record<string, SchemaObject>;
}

/** A fetch that serves files from a fake host, so URL specs and URL $refs can be tested offline. */
function fakeFetch(files: Record<string, string>) {
  const requested: string[] = [];
  const fetch = async (input: string | URL | Request) => {
    const url = String(input instanceof Request ? input.url : input);
    requested.push(url);
    const body = files[url];
    return body === undefined
      ? new Response("nope", { status: 404, statusText: "Not Found" })
      : new Response(body);
  };
  return { fetch, requested };
}

async function loadError(source: string | Record<string, unknown>, options = {}): Promise<ToolDeckError> {
  const error = await loadSpec(source, { baseDir: root, ...options }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ToolDeckError);
  expect((error as ToolDeckError).code).toBe("load");
  return error as ToolDeckError;
}

describe("loadSpec", () => {
  test("reads the event API (YAML, OpenAPI 3.0) and resolves its $refs", async () => {
    const spec = await loadSpec("tools/event-api.openapi.yaml", { baseDir: root });
    expect(spec).toMatchObject({
      label: "tools/event-api.openapi.yaml",
      version: "3.0",
      title: "Event Management API",
    });
    const create = spec.document.paths?.["/events"]?.post as {
      requestBody: { content: Record<string, { schema: SchemaObject }> };
    };
    const schema = create.requestBody.content["application/json"]?.schema;
    expect(schema?.required).toEqual(["name", "date", "location"]);
    expect(schema?.properties?.date?.pattern).toBe(
      "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{3})?Z?$",
    );
  });

  test.each([
    ["3.0/json/petstore.json", "3.0", "Swagger Petstore"],
    ["3.0/yaml/petstore.yaml", "3.0", "Swagger Petstore"],
    ["3.1/json/train-travel.json", "3.1", "Train Travel API"],
  ])("reads the real spec %s", async (file, version, title) => {
    const spec = await loadSpec(oasExample(file));
    expect(spec.version).toBe(version);
    expect(spec.title).toBe(title);
    expect(JSON.stringify(spec.document)).not.toContain('"$ref"');
  });

  test("reads a spec object without touching it", async () => {
    const input = {
      openapi: "3.1.0",
      info: { title: "Tiny", version: "1" },
      paths: {},
      components: { schemas: { A: { type: "string" }, B: { $ref: "#/components/schemas/A" } } },
    };
    const spec = await loadSpec(input);
    expect(spec.label).toBe("<spec object>");
    expect(schemasOf(spec).B).toEqual({ type: "string" });
    expect(input.components.schemas.B).toEqual({ $ref: "#/components/schemas/A" });
  });

  test("a recursive schema becomes a cycle, not an endless expansion", async () => {
    const spec = await loadSpec("fixtures/openapi/recursive.yaml", { baseDir: root });
    const node = schemasOf(spec).Node as SchemaObject;
    expect(node.properties?.children?.items).toBe(node);
    expect(node.properties?.parent).toBe(node);
    const post = spec.document.paths?.["/nodes"]?.post as {
      requestBody: { content: Record<string, { schema: unknown }> };
    };
    expect(post.requestBody.content["application/json"]?.schema).toBe(node);
  });

  test("a $ref inside example data, defaults, enums or Example values is data, not a reference", async () => {
    const spec = await loadSpec("fixtures/openapi/recursive.yaml", { baseDir: root });
    const literal = { $ref: "#/not/a/reference" };
    expect(schemasOf(spec).Example).toMatchObject({
      example: literal,
      default: literal,
      examples: [literal],
    });
    const examples = spec.document.components?.examples as Record<string, { value: unknown }>;
    expect(examples.Literal?.value).toEqual(literal);
    expect(examples.Shared).toBe(examples.Literal);
    const properties = schemasOf(spec).Example?.properties ?? {};
    expect(properties.default).toBe(schemasOf(spec).Node);
    expect(properties.examples).toBe(schemasOf(spec).Node);
  });

  test("OpenAPI 3.1 keeps the siblings of a $ref; the target stays untouched", async () => {
    const spec = await loadSpec("fixtures/openapi/recursive.yaml", { baseDir: root });
    const post = spec.document.paths?.["/nodes"]?.post as {
      responses: Record<string, { content: Record<string, { schema: SchemaObject }> }>;
    };
    const schema = post.responses["201"]?.content["application/json"]?.schema as SchemaObject;
    expect(schema.description).toBe("The node as stored");
    expect(schema.properties?.name).toEqual({ type: "string" });
    expect(schemasOf(spec).Node?.description).toBeUndefined();
  });

  test("external file refs resolve relative to the file that holds them", async () => {
    const spec = await loadSpec("fixtures/openapi/external/main.yaml", { baseDir: root });
    const item = spec.document.paths?.["/events/{id}"];
    expect(item?.parameters?.[0]).toMatchObject({
      name: "id",
      in: "path",
      schema: { type: "string", description: "Event id" },
    });
    const get = item?.get as {
      responses: Record<string, { content: Record<string, { schema: SchemaObject }> }>;
    };
    expect(get.responses["200"]?.content["application/json"]?.schema.properties?.id).toEqual({
      type: "string",
      description: "Event id",
    });
  });

  test("a spec URL and its relative $refs are fetched through the injected fetch", async () => {
    const read = (file: string) => readFileSync(packagePath("fixtures", "openapi", "external", file), "utf8");
    const { fetch, requested } = fakeFetch({
      "https://specs.example/api/main.yaml": read("main.yaml"),
      "https://specs.example/api/schemas/event.yaml": read("schemas/event.yaml"),
      "https://specs.example/api/schemas/common.yaml": read("schemas/common.yaml"),
    });
    const spec = await loadSpec("https://specs.example/api/main.yaml", { fetch, allowRemoteRefs: true });
    expect(spec.label).toBe("https://specs.example/api/main.yaml");
    expect(spec.document.paths?.["/events/{id}"]?.parameters?.[0]?.name).toBe("id");
    expect(requested.sort()).toEqual([
      "https://specs.example/api/main.yaml",
      "https://specs.example/api/schemas/common.yaml",
      "https://specs.example/api/schemas/event.yaml",
    ]);
  });

  const failures: [string, string | Record<string, unknown>, string][] = [
    [
      "Swagger 2.0",
      oasExample("2.0/json/petstore-minimal.json"),
      `${oasExample("2.0/json/petstore-minimal.json")}: Swagger 2.0 is not supported; convert it to OpenAPI 3.0 or 3.1 first`,
    ],
    [
      "no openapi field",
      { info: { title: "x" } },
      "<spec object>#/openapi: missing; not an OpenAPI 3.0 or 3.1 document",
    ],
    [
      "OpenAPI 4",
      { openapi: "4.0.0" },
      '<spec object>#/openapi: version "4.0.0" is not supported (3.0.x or 3.1.x)',
    ],
    [
      "paths not an object",
      { openapi: "3.0.0", info: { title: "x" }, paths: [] },
      "<spec object>#/paths: expected an object",
    ],
    [
      "a missing file",
      "fixtures/openapi/nope.yaml",
      "fixtures/openapi/nope.yaml: cannot read file: no such file or folder (ENOENT)",
    ],
    [
      "invalid YAML",
      "fixtures/openapi/invalid.yaml",
      "fixtures/openapi/invalid.yaml: invalid YAML (deficient indentation at line 4, column 1)",
    ],
    [
      "a $ref that does not resolve",
      "fixtures/openapi/bad-ref.yaml",
      'fixtures/openapi/bad-ref.yaml#/paths/~1events/get/responses/200/content/application~1json/schema: $ref "#/components/schemas/Nope" does not resolve',
    ],
    [
      "a circular chain of $refs",
      "fixtures/openapi/ref-loop.yaml",
      'fixtures/openapi/ref-loop.yaml#/components/schemas/A: $ref "#/components/schemas/B" is a circular chain of $refs',
    ],
    [
      "a $ref to a file that does not exist",
      "fixtures/openapi/external/broken.yaml",
      'fixtures/openapi/external/broken.yaml#/paths/~1events/get/responses/200/content/application~1json/schema: $ref "schemas/nope.yaml": cannot read file: no such file or folder (ENOENT)',
    ],
  ];

  test.each(failures)("%s is one clear load error", async (_, source, message) => {
    expect((await loadError(source)).message).toBe(message);
  });

  test("a document that is not an object is refused", async () => {
    const error = await loadError({ 0: "x" } as Record<string, unknown>);
    expect(error.message).toBe("<spec object>#/openapi: missing; not an OpenAPI 3.0 or 3.1 document");
    const { fetch } = fakeFetch({ "https://specs.example/list.json": "[1, 2]" });
    const listError = await loadError("https://specs.example/list.json", { fetch, allowRemoteRefs: true });
    expect(listError.message).toBe(
      "https://specs.example/list.json: not an OpenAPI document (expected an object at the top)",
    );
  });

  test("a spec URL that answers 404 names the status", async () => {
    const { fetch } = fakeFetch({});
    const error = await loadError("https://specs.example/missing.yaml", { fetch, allowRemoteRefs: true });
    expect(error.message).toBe("https://specs.example/missing.yaml: cannot download (HTTP 404 Not Found)");
  });
});
