import { describe, expect, test } from "vitest";
import type { Api, ApiMap } from "../../../src/lint/api-map/api.js";
import { toHost } from "../../../src/lint/api-map/api.js";
import { matchUrlOnce } from "../../../src/lint/api-map/match-tool.js";
import { matchUrl } from "../../../src/lint/api-map/match-url.js";
import type { OperationIndex } from "../../../src/openapi/operation-index.js";

const index = (title: string) => ({ title }) as OperationIndex;
const events: Api = {
  name: "Event Management API",
  spec: index("Event Management API"),
  hosts: ["localhost:5566", "events.tooldeck.internal"],
  baseUrlVar: "base_url",
  from: "--spec",
};
const widgets: Api = {
  name: "widgets",
  spec: index("Widget API"),
  hosts: ["api.example-two.test"],
  from: "--spec",
};
const map = (apis: Api[], vars: Record<string, string> = {}): ApiMap => ({ apis, vars });

describe("matchUrl: the API a request goes to", () => {
  test.each([
    ["a server's host", "https://api.example-two.test/widgets", "widgets", "host"],
    ["a host with its port", "http://localhost:5566/events/:id", "Event Management API", "host"],
    ["the API's base URL variable", "{{$vars.base_url}}/events", "Event Management API", "base-url-var"],
    ["the base URL variable, spaced", "{{ $vars.base_url }}/events", "Event Management API", "base-url-var"],
    ["a host no API names", "https://api.hubapi.com/crm/v3/objects/contacts", undefined, "no-spec"],
    ["a variable with no value among several APIs", "{{$vars.api}}/x", undefined, "unknown-host"],
    ["a templated host with no value", "https://{{$vars.tenant}}/x", undefined, "unknown-host"],
  ])("%s: %s", (_case, url, api, by) => {
    const match = matchUrl(map([events, widgets]), url);
    expect([match.api?.name, match.by]).toEqual([api, by]);
  });

  test("a host is compared without its case, and a named host without a port names every port", () => {
    const any = { ...widgets, hosts: ["api.example-two.test"] };
    expect(matchUrl(map([any]), "HTTPS://API.Example-Two.test:8443/widgets").by).toBe("host");
    expect(matchUrl(map([events]), "http://localhost:5567/events")).toEqual({
      by: "no-spec",
      host: "localhost:5567",
    });
  });

  test("a variable with a value is read: its host decides, not the single API", () => {
    expect(
      matchUrl(map([widgets], { api: "https://api.example-two.test" }), "{{$vars.api}}/w"),
    ).toMatchObject({
      by: "host",
      host: "api.example-two.test",
    });
    expect(matchUrl(map([widgets], { api: "https://other.test" }), "{{$vars.api}}/w")).toEqual({
      by: "no-spec",
      host: "other.test",
    });
  });

  test("a variable with no value, or a relative URL, is the single API's, and names the variable", () => {
    expect(matchUrl(map([widgets]), "{{$vars.api}}/w")).toEqual({
      api: widgets,
      by: "single-spec",
      variable: "api",
    });
    expect(matchUrl(map([widgets]), "/w")).toEqual({ api: widgets, by: "single-spec", variable: undefined });
    expect(matchUrl(map([]), "/w")).toEqual({ by: "unknown-host", variable: undefined });
  });

  test("the base URL variable wins over the value given: it names the API, whatever it points at", () => {
    const given = map([events, widgets], { base_url: "https://api.example-two.test" });
    expect(matchUrl(given, "{{$vars.base_url}}/events").api).toBe(events);
  });
});

describe("toHost", () => {
  test.each([
    ["events.example.com", "events.example.com"],
    ["https://API.example.com:443/v1", "api.example.com"],
    ["localhost:5566", "localhost:5566"],
    ["", undefined],
    ["http://exa mple.com", undefined],
  ])("%j → %j", (text, host) => {
    expect(toHost(text)).toBe(host);
  });
});

describe("matchUrlOnce: matched once per head, as matchUrl matches the whole URL", () => {
  test.each([
    "https://api.example-two.test/widgets/7?x=1",
    "http://localhost:5566/events/:id",
    "{{$vars.base_url}}/events",
    "{{ $vars.api }}/x",
    "https://{{$vars.host}}/v1/items",
    "/relative/path",
    "=https://api.example-two.test/{{ $fromAI('id') }}",
  ])("%s", (url) => {
    const both = map([events, widgets], { host: "api.example-two.test/v2" });
    expect(matchUrlOnce(both, url)).toEqual(matchUrl(both, url));
    const one = map([widgets]);
    expect(matchUrlOnce(one, url)).toEqual(matchUrl(one, url));
  });
});
