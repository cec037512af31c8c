import { describe, expect, test } from "vitest";
import { toolResponseOf } from "../../src/runtime/http-exchange.js";

describe("toolResponseOf", () => {
  test.each([
    ["no headers", []],
    [
      "mixed-case names",
      [
        ["Content-Type", "application/json"],
        ["X-Request-Id", "7"],
      ],
    ],
    [
      "a repeated name, joined",
      [
        ["Vary", "Accept"],
        ["vary", "Origin"],
      ],
    ],
    [
      "several set-cookie, the last kept",
      [
        ["Set-Cookie", "a=1"],
        ["set-cookie", "b=2"],
      ],
    ],
    [
      "a header named __proto__, an own key",
      [
        ["__proto__", "x"],
        ["a", "1"],
      ],
    ],
  ])("reads %s as Object.fromEntries(response.headers) does", (_, headers) => {
    const response = new Response("body", {
      status: 201,
      statusText: "Created",
      headers: headers as [string, string][],
    });
    const record = toolResponseOf(response, "body");
    const expected = Object.fromEntries(response.headers);
    expect(record).toEqual({ status: 201, statusText: "Created", headers: expected, body: "body" });
    expect(Object.keys(record.headers)).toEqual(Object.keys(expected));
    expect(Object.getPrototypeOf(record.headers)).toBe(Object.prototype);
  });
});
