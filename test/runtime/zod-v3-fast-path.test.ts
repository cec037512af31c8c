import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { z } from "zod/v3";
import type { BodyFieldSpec, ParamSpec, RequestToolConfig } from "../../src/config/request-tool-config.js";
import { flowiseArgumentsSchema } from "../../src/runtime/request/flowise-arguments.js";
import {
  fastAny,
  fastArray,
  fastNumber,
  fastObject,
  fastRecord,
  UNSURE,
} from "../../src/runtime/zod-v3-fast-path.js";

/** Field names, tricky ones included: numeric keys (ordered first), inherited names, `__proto__`. */
const KEY = fc.constantFrom("id", "name", "b", "a", "10", "2", "constructor", "toString", "__proto__");
const TYPE = fc.constantFrom("string", "number", "integer", "boolean", "object", "array");

/** Specs built as JSON.parse builds them: an own `__proto__` key stays a key. */
function specs<T>(field: fc.Arbitrary<T>): fc.Arbitrary<Record<string, T> | undefined> {
  return fc.option(
    fc.array(fc.tuple(KEY, field), { maxLength: 4 }).map((entries) => Object.fromEntries(entries)),
    { nil: undefined },
  );
}

const PARAM: fc.Arbitrary<ParamSpec> = fc.record(
  { type: TYPE, in: fc.constantFrom("path", "query", "header"), required: fc.boolean() },
  { requiredKeys: ["type"] },
);
const BODY_FIELD: fc.Arbitrary<BodyFieldSpec> = fc.record(
  { type: TYPE, required: fc.boolean() },
  { requiredKeys: ["type"] },
);

const CONFIG = fc.record({
  method: fc.constantFrom("GET", "DELETE", "POST", "PUT"),
  queryParamsSchema: specs(PARAM),
  bodySchema: specs(BODY_FIELD),
});

/** Values near a field's type (right, wrong, numeric text, "true"), and anything at all. */
const LEAF = fc.oneof(
  fc.string(),
  fc.constantFrom("1", "2.5", "true", "false", ""),
  fc.double(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.array(fc.jsonValue(), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 2 }),
  fc.anything(),
);

/** Arguments shaped like a tool's (`queryParams` / `body` of known keys and extra ones), or anything. */
const ARGS = fc.oneof(
  fc
    .record(
      {
        queryParams: fc.oneof(fc.dictionary(KEY, LEAF, { maxKeys: 4 }), LEAF),
        body: fc.oneof(fc.dictionary(KEY, LEAF, { maxKeys: 4 }), LEAF),
        extra: LEAF,
      },
      { requiredKeys: [] },
    )
    .map((args) => JSON.parse(JSON.stringify(args, (_key, value) => value ?? null))),
  fc.record(
    { queryParams: fc.dictionary(KEY, LEAF, { maxKeys: 4 }), body: fc.dictionary(KEY, LEAF, { maxKeys: 4 }) },
    { requiredKeys: [] },
  ),
  fc.anything({ withObjectString: true, withNullPrototype: true, withMap: true, withDate: true }),
);

/**
 * The same value: leaves by Object.is, objects with the same prototype, the same own keys in the same
 * order (query strings are built in that order) and the same values. Not toStrictEqual, which reads a
 * key named `constructor` as the class.
 */
function expectSameValue(actual: unknown, expected: unknown): void {
  if (typeof expected !== "object" || expected === null) {
    expect(Object.is(actual, expected), `${String(actual)} is ${String(expected)}`).toBe(true);
    return;
  }
  expect(typeof actual).toBe("object");
  expect(Object.getPrototypeOf(actual)).toBe(Object.getPrototypeOf(expected));
  expect(Reflect.ownKeys(actual as object)).toEqual(Reflect.ownKeys(expected));
  for (const key of Reflect.ownKeys(expected)) {
    expectSameValue(
      (actual as Record<PropertyKey, unknown>)[key],
      (expected as Record<PropertyKey, unknown>)[key],
    );
  }
}

describe("the zod v3 fast path of Flowise request tools' arguments", () => {
  test("gives zod's own result, or UNSURE, for every kind of tool and any arguments", () => {
    fc.assert(
      fc.property(CONFIG, ARGS, (partial, args) => {
        const config = {
          kind: "request",
          name: "t",
          description: "d",
          url: "http://api.test",
          headers: {},
          ...partial,
        };
        const sendsBody = config.method === "POST" || config.method === "PUT";
        const { schema, fast } = flowiseArgumentsSchema(config as RequestToolConfig, sendsBody);
        const quick = fast(args);
        const parsed = schema.safeParse(args);
        if (!parsed.success) expect(quick).toBe(UNSURE);
        else if (quick !== UNSURE) expectSameValue(quick, parsed.data);
      }),
      { numRuns: 3000 },
    );
  });

  test.each([
    [
      "a path param",
      "GET",
      { queryParamsSchema: { id: { type: "string", in: "path" } } },
      { queryParams: { id: "1" } },
    ],
    [
      "number and boolean params, transformed",
      "GET",
      { queryParamsSchema: { n: { type: "number", in: "query" }, on: { type: "boolean", in: "query" } } },
      { queryParams: { n: "2.5", on: "true" } },
    ],
    ["free-form params", "GET", {}, { queryParams: { any: "thing" } }],
    [
      "a typed body",
      "POST",
      {
        bodySchema: {
          name: { type: "string", required: true },
          n: { type: "number" },
          on: { type: "boolean" },
          tags: { type: "array" },
          meta: { type: "object" },
        },
      },
      { body: { name: "a", n: 1, on: false, tags: [1, "a"], meta: { a: [1] } }, extra: "dropped" },
    ],
    ["a free-form body", "PUT", {}, { body: { nested: { a: 1 } } }],
  ])("answers for %s valid as it is (the case it exists for)", (_, method, schemas, args) => {
    const config = {
      kind: "request",
      method,
      name: "t",
      description: "d",
      url: "http://x",
      headers: {},
      ...schemas,
    };
    const { schema, fast } = flowiseArgumentsSchema(
      config as RequestToolConfig,
      method === "POST" || method === "PUT",
    );
    const quick = fast(args);
    expect(quick).not.toBe(UNSURE);
    expectSameValue(quick, schema.parse(args));
  });

  test.each([
    ["NaN", fastNumber, Number.NaN],
    // biome-ignore lint/suspicious/noThenProperty: zod v3 calls an object with then and catch a promise
    ["a thenable", fastRecord(fastAny), { then: () => {}, catch: () => {} }],
    ["a class instance", fastRecord(fastAny), new (class Thing {})()],
    ["a `__proto__` key", fastRecord(fastAny), JSON.parse('{"__proto__": 1}')],
    ["a shape with a `__proto__` key", fastObject([["__proto__", fastAny]]), {}],
  ])("leaves %s to zod", (_, parser, value) => {
    expect(parser(value)).toBe(UNSURE);
  });

  test("copies arrays as zod's spread does (holes read as undefined)", () => {
    // biome-ignore lint/suspicious/noSparseArray: the hole is the point
    const sparse = [1, , 3];
    expect(fastArray(fastAny)(sparse)).toStrictEqual(z.array(z.any()).parse(sparse));
  });
});
