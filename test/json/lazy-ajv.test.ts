import { describe, expect, test, vi } from "vitest";
import { lazyAjv, lazyValidation } from "../../src/json/lazy-ajv.js";

describe("lazyValidation", () => {
  const SCHEMA = { type: "object", required: ["id"], properties: { id: { type: "integer" } } };

  test("a value the quick check passes never makes ajv; one it cannot vouch for makes and compiles it once", () => {
    const ajv = lazyAjv("draft-07");
    const made = vi.fn(ajv);
    const validation = lazyValidation(SCHEMA, made);
    expect(validation({ id: 1 })).toBeUndefined();
    expect(made).not.toHaveBeenCalled();
    expect(validation({ id: "x" })?.[0]).toMatchObject({ instancePath: "/id", message: "must be integer" });
    expect(validation({})?.[0]).toMatchObject({ message: "must have required property 'id'" });
    expect(made).toHaveBeenCalledTimes(1);
  });

  test("a schema ajv cannot compile throws its error on every call, compiled once", () => {
    const ajv = lazyAjv("2020-12");
    const compile = vi.spyOn(ajv(), "compile");
    const validation = lazyValidation({ type: "strin" }, ajv);
    expect(() => validation("a")).toThrow(/type must be JSONType/);
    expect(() => validation("b")).toThrow(/type must be JSONType/);
    expect(compile).toHaveBeenCalledTimes(1);
  });

  test("options reach ajv: coercion changes the value in place", () => {
    const validation = lazyValidation(SCHEMA, lazyAjv("2020-12", { coerceTypes: "array" }));
    const args = { id: "7" };
    expect(validation(args)).toBeUndefined();
    expect(args).toEqual({ id: 7 });
  });
});
