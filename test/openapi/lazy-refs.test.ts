import { describe, expect, test } from "vitest";
import { ToolDeckError } from "../../src/errors.js";
import { loadSpec } from "../../src/openapi/load-spec.js";
import type { SchemaObject } from "../../src/openapi/openapi-document.js";
import { createOperationIndex } from "../../src/openapi/operation-index.js";
import { isLeftForLater } from "../../src/openapi/resolve-refs.js";
import { packageRoot } from "../../src/package/package-root.js";
import { createToolkit } from "../../src/runtime/toolkit/create-toolkit.js";
import { GITHUB_SPEC } from "../support/real-specs.js";

const root = packageRoot();
const BAD_REF_ERROR =
  'fixtures/openapi/bad-ref.yaml#/paths/~1events/get/responses/200/content/application~1json/schema: $ref "#/components/schemas/Nope" does not resolve';

type Json = Record<string, unknown>;

/** Every operation's parameters and request body, as JSON: what building tools reads. */
function inputsOf(document: Json): string {
  const paths = document.paths as Record<string, Record<string, Json>>;
  const inputs = Object.values(paths).flatMap((item) =>
    Object.values(item).map((op) => [op.parameters, op.requestBody]),
  );
  return JSON.stringify(inputs);
}

describe("loadSpec with lazyRefs", () => {
  test("operations' parameters and request bodies are resolved at once, as the eager load resolves them", async () => {
    const eager = await loadSpec(GITHUB_SPEC);
    const lazy = await loadSpec(GITHUB_SPEC, { lazyRefs: true });
    const lazyInputs = inputsOf(lazy.document as Json);
    expect(lazyInputs).not.toContain('"$ref"');
    expect(lazyInputs).toBe(inputsOf(eager.document as Json));
  });

  test("components, extensions and responses wait for their first read, then match the eager load", async () => {
    const eager = await loadSpec("tools/event-api.openapi.yaml", { baseDir: root });
    const lazy = await loadSpec("tools/event-api.openapi.yaml", { baseDir: root, lazyRefs: true });
    const get = lazy.document.paths?.["/events"]?.get as Json;
    expect(isLeftForLater(lazy.document, "components")).toBe(true);
    expect(isLeftForLater(get, "responses")).toBe(true);
    expect(JSON.stringify(get.responses)).not.toContain('"$ref"');
    expect(isLeftForLater(get, "responses")).toBe(false);
    expect(JSON.stringify(lazy.document)).toBe(JSON.stringify(eager.document));
    expect(isLeftForLater(lazy.document, "components")).toBe(false);
  });

  test("a schema pointed at from a request body is resolved with everything it points at", async () => {
    const lazy = await loadSpec("fixtures/openapi/recursive.yaml", { baseDir: root, lazyRefs: true });
    const post = lazy.document.paths?.["/nodes"]?.post as {
      requestBody: { content: Record<string, { schema: SchemaObject }> };
    };
    const node = post.requestBody.content["application/json"]?.schema as SchemaObject;
    expect(node.properties?.children?.items).toBe(node);
    expect(node.properties?.parent).toBe(node);
    expect(isLeftForLater(lazy.document, "components")).toBe(true);
    const schemas = lazy.document.components?.schemas as Record<string, SchemaObject>;
    expect(schemas.Node).toBe(node);
  });

  test("a broken $ref in responses is thrown when they are read, every time, with its pointer", async () => {
    await expect(loadSpec("fixtures/openapi/bad-ref.yaml", { baseDir: root })).rejects.toThrow(BAD_REF_ERROR);
    const lazy = await loadSpec("fixtures/openapi/bad-ref.yaml", { baseDir: root, lazyRefs: true });
    const get = lazy.document.paths?.["/events"]?.get as Json;
    for (let i = 0; i < 2; i++) {
      const error = (() => {
        try {
          return get.responses;
        } catch (thrown) {
          return thrown;
        }
      })();
      expect(error).toBeInstanceOf(ToolDeckError);
      expect((error as ToolDeckError).message).toBe(BAD_REF_ERROR);
    }
  });

  test("indexing leaves responses unread; an operation's responses resolve when asked for", async () => {
    const lazy = await loadSpec("tools/event-api.openapi.yaml", { baseDir: root, lazyRefs: true });
    const index = createOperationIndex(lazy);
    const list = index.byOperationId.get("listEvents");
    expect(list && isLeftForLater(list.operation, "responses")).toBe(true);
    const schema = list?.responses["200"]?.content?.["application/json"]?.schema as SchemaObject;
    expect(schema.type).toBe("array");
    expect((schema.items as SchemaObject).required).toContain("name");
  });

  test("a value assigned to a part left for later replaces it", async () => {
    const lazy = await loadSpec("fixtures/openapi/bad-ref.yaml", { baseDir: root, lazyRefs: true });
    const get = lazy.document.paths?.["/events"]?.get as Json;
    get.responses = { "204": { description: "none" } };
    expect(get.responses).toEqual({ "204": { description: "none" } });
    expect(isLeftForLater(get, "responses")).toBe(false);
  });

  test("a toolkit builds its tools from a spec whose only broken $ref is in a response", async () => {
    const tools = await createToolkit(
      { kind: "openapi-toolkit", spec: "fixtures/openapi/bad-ref.yaml", selectedServer: "http://x.test" },
      { specBaseDir: root },
    );
    expect(tools.map((tool) => tool.name)).toEqual(["get_events"]);
  });
});
