import { describe, expect, test } from "vitest";
import { toolResponseOf } from "../../src/runtime/http-exchange.js";

describe("toolResponseOf", () => {
  test.each([
    ["no headers", [], {}],
    [
      "mixed-case names, lower-cased",
      [
        ["Content-Type", "application/json"],
        ["X-Request-Id", "7"],
      ],
      { "content-type": "application/json", "x-request-id": "7" },
    ],
    [
      "a repeated name, joined",
      [
        ["Vary", "Accept"],
        ["vary", "Origin"],
      ],
      { vary: "Accept, Origin" },
    ],
    [
      "several set-cookie, the last kept",
      [
        ["Set-Cookie", "a=1"],
        ["set-cookie", "b=2"],
      ],
      { "set-cookie": "b=2" },
    ],
  ])("reads %s into a plain record", (_, headers, expected) => {
    const response = new Response(null, {
      status: 201,
      statusText: "Created",
      headers: headers as [string, string][],
    });
    const record = toolResponseOf(response, "body");
    expect(record).toEqual({ status: 201, statusText: "Created", headers: expected, body: "body" });
  });

  test("a header a server names __proto__ is an own key, not the record's prototype", () => {
    const response = new Response(null, { headers: [["__proto__", "x"]] });
    const { headers } = toolResponseOf(response, "");
    expect(Object.getPrototypeOf(headers)).toBe(Object.prototype);
    expect(Object.hasOwn(headers, "__proto__")).toBe(true);
    expect(Object.keys(headers)).toEqual(["__proto__"]);
  });
});
