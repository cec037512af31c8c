import { describe, expect, test } from "vitest";
import { resolveRefs } from "../../src/openapi/resolve-refs.js";
import { packagePath } from "../../src/package/package-root.js";
import { expandedSize } from "../../src/project-files/bounded-expansion.js";
import { GITHUB_SPEC, oasExample, SMALLER_SPECS } from "../support/real-specs.js";
import { resolveSpecFile } from "../support/resolve-spec-file.js";

/** A spec of `levels` schemas, each referring `fanOut` times to the one before. */
function fanOut(levels: number, fanOut: number) {
  const schemas: Record<string, unknown> = { s0: { type: "string", enum: ["a", "b"], example: { x: [1] } } };
  for (let i = 1; i <= levels; i++) {
    const properties = Object.fromEntries(
      Array.from({ length: fanOut }, (_, k) => [`p${k}`, { $ref: `#/components/schemas/s${i - 1}` }]),
    );
    schemas[`s${i}`] = { type: "object", properties, examples: { one: { value: { deep: [{}] } } } };
  }
  return {
    openapi: "3.0.3",
    info: { title: "Fan", version: "1" },
    paths: {
      "/x": {
        get: {
          parameters: [{ name: "q", in: "query", schema: { $ref: `#/components/schemas/s${levels}` } }],
        },
      },
    },
    components: { schemas },
  };
}

function resolveObject(root: unknown) {
  const main = { location: { kind: "object" as const }, label: "<spec object>", root };
  return resolveRefs(main, new Map([["object", main]]), { keepRefSiblings: false });
}

/**
 * resolveRefs counts, as it resolves, how many values the spec stands for written out as a tree (the
 * expansion bound). The count must be the one an independent walk of the resolved graph makes.
 */
describe("the expansion count resolveRefs keeps", () => {
  test.each([
    [1, 1],
    [3, 2],
    [6, 3],
    [12, 2],
  ])("a fan-out of %i levels by %i: the count of the resolved graph", (levels, by) => {
    const { root, size } = resolveObject(fanOut(levels, by));
    expect(size).toEqual(expandedSize(root));
  });

  test.each(SMALLER_SPECS.filter((file) => file.startsWith("3.0")))(
    "%s: the count of the resolved graph",
    (file) => {
      const { root, size } = resolveSpecFile(oasExample(file));
      expect(size).toEqual(expandedSize(root));
    },
  );

  test("GitHub's description: the count of the resolved graph", () => {
    const { root, size } = resolveSpecFile(GITHUB_SPEC);
    expect(size).toEqual(expandedSize(root));
    expect(size.values).toBeGreaterThan(1_000_000);
    expect(size.text).toBeGreaterThan(20_000_000);
  });

  test("the event API's OpenAPI file (YAML)", () => {
    const { root, size } = resolveSpecFile(packagePath("tools", "event-api.openapi.yaml"));
    expect(size).toEqual(expandedSize(root));
    expect(size.values).toBeGreaterThan(100);
  });

  test.each(SMALLER_SPECS.filter((file) => file.startsWith("3.1")))(
    "%s (3.1, siblings kept): at least the count of the resolved graph",
    (file) => {
      const { root, size } = resolveSpecFile(oasExample(file), true);
      const walked = expandedSize(root);
      expect(size.values).toBeGreaterThanOrEqual(walked.values);
      expect(size.text).toBeGreaterThanOrEqual(walked.text);
    },
  );
});
