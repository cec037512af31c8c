import { describe, expect, test } from "vitest";
import type { ParamSpec } from "../../../../src/config/request-tool-config.js";
import { buildFlowiseUrl } from "../../../../src/platforms/flowise/runtime/flowise-url.js";

const path = (extra: Partial<ParamSpec> = {}): ParamSpec => ({ type: "string", in: "path", ...extra });
const query: ParamSpec = { type: "string", in: "query" };
const noIn: ParamSpec = { type: "string" };

describe("buildFlowiseUrl (reference/flowise-tools.md, building the GET/DELETE URL)", () => {
  test.each<
    [string, string, Record<string, unknown> | undefined, Record<string, ParamSpec> | undefined, string]
  >([
    ["no params: URL as given", "http://h/events", undefined, { id: path() }, "http://h/events"],
    ["`:id` replaced", "http://h/events/:id", { id: "3" }, { id: path() }, "http://h/events/3"],
    [
      "every `:id` replaced, URL-encoded",
      "http://h/:id/x/:id",
      { id: "a b" },
      { id: path() },
      "http://h/a%20b/x/a%20b",
    ],
    ["`:id` only at a word boundary", "http://h/:idx/:id", { id: "3" }, { id: path() }, "http://h/:idx/3"],
    ["no placeholder: appended", "http://h/events", { id: "3" }, { id: path() }, "http://h/events/3"],
    [
      "one trailing slash dropped before appending",
      "http://h/events/",
      { id: "3" },
      { id: path() },
      "http://h/events/3",
    ],
    [
      "appended in schema key order",
      "http://h/e",
      { b: "2", a: "1" },
      { a: path(), b: path() },
      "http://h/e/2/1",
    ],
    [
      "query param through URLSearchParams",
      "http://h/events",
      { limit: "10" },
      { limit: query },
      "http://h/events?limit=10",
    ],
    [
      "existing query kept",
      "http://h/events?x=1",
      { limit: "10" },
      { limit: query },
      "http://h/events?x=1&limit=10",
    ],
    ["a param without `in` is dropped", "http://h/events", { id: "3" }, { id: noIn }, "http://h/events"],
    [
      "`{id}` is not a placeholder",
      "http://h/events/{id}",
      { id: "3" },
      { id: path() },
      "http://h/events/{id}/3",
    ],
    [
      "without a schema every key is a query param",
      "http://h/events",
      { id: "3", q: "a b" },
      undefined,
      "http://h/events?id=3&q=a+b",
    ],
    [
      "an appended path param lands after ?query",
      "http://h/events?x=1",
      { id: "3" },
      { id: path() },
      "http://h/events?x=1/3",
    ],
    ["null values skipped", "http://h/events", { id: null }, { id: path() }, "http://h/events"],
    ["keys not in the schema ignored", "http://h/events", { other: "1" }, { id: path() }, "http://h/events"],
    ["an empty schema drops everything", "http://h/events", { id: "3" }, {}, "http://h/events"],
    [
      "path and query together",
      "http://h/events",
      { id: "3", limit: "2" },
      { id: path(), limit: query },
      "http://h/events/3?limit=2",
    ],
  ])("%s", (_label, url, params, schema, expected) => {
    expect(buildFlowiseUrl(url, params, schema)).toBe(expected);
  });

  test("an invalid URL with query params is sent as it stands (Flowise catches the error)", () => {
    expect(buildFlowiseUrl("not a url/:id", { id: "3", limit: "1" }, { id: path(), limit: query })).toBe(
      "not a url/3",
    );
  });

  test("an invalid URL without a schema throws, as Flowise does", () => {
    expect(() => buildFlowiseUrl("not a url", { q: "1" }, undefined)).toThrow(/Invalid URL/);
  });
});
