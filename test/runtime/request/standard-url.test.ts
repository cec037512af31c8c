import { describe, expect, test } from "vitest";
import type { ParamSpec } from "../../../src/config/request-tool-config.js";
import { buildStandardUrl } from "../../../src/runtime/request/standard-url.js";

const path: ParamSpec = { type: "string", in: "path" };
const query: ParamSpec = { type: "string", in: "query" };
const noIn: ParamSpec = { type: "string" };

describe("buildStandardUrl", () => {
  test.each<
    [string, string, Record<string, unknown> | undefined, Record<string, ParamSpec> | undefined, string]
  >([
    ["`:id` filled", "http://h/events/:id", { id: "3" }, { id: path }, "http://h/events/3"],
    ["`{id}` filled", "http://h/events/{id}", { id: "3" }, { id: path }, "http://h/events/3"],
    ["value URL-encoded", "http://h/events/{id}", { id: "a/b" }, { id: path }, "http://h/events/a%2Fb"],
    [
      "no placeholder: appended as a segment",
      "http://h/events",
      { id: "3" },
      { id: path },
      "http://h/events/3",
    ],
    [
      "appended before the query string",
      "http://h/events?x=1",
      { id: "3" },
      { id: path },
      "http://h/events/3?x=1",
    ],
    ["trailing slash not doubled", "http://h/events/", { id: "3" }, { id: path }, "http://h/events/3"],
    [
      "optional placeholder not given: segment dropped",
      "http://h/events/:id",
      {},
      { id: path },
      "http://h/events",
    ],
    ["query param", "http://h/events", { limit: 10 }, { limit: query }, "http://h/events?limit=10"],
    [
      "a param without `in` goes to the query",
      "http://h/events",
      { q: "x" },
      { q: noIn },
      "http://h/events?q=x",
    ],
    ["existing query kept", "http://h/e?x=1", { limit: "2" }, { limit: query }, "http://h/e?x=1&limit=2"],
    ["arrays repeat the key", "http://h/e", { tag: ["a", "b"] }, { tag: query }, "http://h/e?tag=a&tag=b"],
    [
      "without a schema every key is a query param",
      "http://h/e",
      { a: "1", b: true },
      undefined,
      "http://h/e?a=1&b=true",
    ],
    ["fragment kept last", "http://h/e#top", { id: "3" }, { id: path }, "http://h/e/3#top"],
    [
      "a written query is kept byte for byte: `+`, `/`, `=` and `%2B` as written",
      "http://h/e?sig=wJal+rX/U=&x=%2B",
      {},
      {},
      "http://h/e?sig=wJal+rX/U=&x=%2B",
    ],
    [
      "params are added after the written query, which stays as written",
      "http://h/e?sig=a+b",
      { q: "c+d e" },
      { q: query },
      "http://h/e?sig=a+b&q=c%2Bd+e",
    ],
    [
      "a written trailing `&` is not doubled",
      "http://h/e?a=1&",
      { b: "2" },
      { b: query },
      "http://h/e?a=1&b=2",
    ],
  ])("%s", (_label, url, params, schema, expected) => {
    expect(buildStandardUrl(url, params, schema)).toBe(expected);
  });
});
