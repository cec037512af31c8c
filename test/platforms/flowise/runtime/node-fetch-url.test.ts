import { describe, expect, test } from "vitest";
import { nodeFetchUrl } from "../../../../src/platforms/flowise/runtime/node-fetch-url.js";

/** node-fetch 2.7: `new URL(u).toString()`, then Node's legacy `url.parse`, whose autoEscape encodes these. */
describe("nodeFetchUrl: the URL as Flowise's request tools put it on the wire", () => {
  test.each([
    [
      "braces in a path (the WHATWG parser already encodes them)",
      "http://h/log/{{x}}",
      "http://h/log/%7B%7Bx%7D%7D",
    ],
    [
      "braces in a query (the WHATWG parser keeps them; node-fetch does not)",
      "http://h/?a={{x}}",
      "http://h/?a=%7B%7Bx%7D%7D",
    ],
    ["| ^ ` and a backslash in a query", "http://h/?a=1|2^3`4\\5", "http://h/?a=1%7C2%5E3%604%5C5"],
    ["a | in a path", "http://h/a|b", "http://h/a%7Cb"],
    ["an apostrophe in a path", "http://h/it's", "http://h/it%27s"],
    ["nothing to escape: unchanged", "http://h:8080/a/b?c=d&e=%7B", "http://h:8080/a/b?c=d&e=%7B"],
    ["credentials are not touched", "http://u:p@h/x", "http://u:p@h/x"],
  ])("%s", (_, url, wire) => {
    expect(nodeFetchUrl(url)).toBe(wire);
  });

  test("an invalid URL throws, as node-fetch does (Failed to make GET request: Invalid URL)", () => {
    expect(() => nodeFetchUrl("{{$vars.base_url}}/x")).toThrow("Invalid URL");
  });
});
