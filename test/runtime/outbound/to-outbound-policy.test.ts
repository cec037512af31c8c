import { describe, expect, test } from "vitest";
import { toOutboundPolicy } from "../../../src/runtime/outbound/outbound-policy.js";

describe("toOutboundPolicy: where what the user named lets requests go", () => {
  test("nothing named: no host, no writes", () => {
    expect(toOutboundPolicy({})).toEqual({ allowedHosts: [], allowWrites: false });
  });

  test("the base URL's host is named with its port, the scheme's default when it has none", () => {
    expect(toOutboundPolicy({ baseUrl: "http://127.0.0.1" }).allowedHosts).toEqual(["127.0.0.1:80"]);
    expect(toOutboundPolicy({ baseUrl: "https://api.example.com/v1" }).allowedHosts).toEqual([
      "api.example.com:443",
    ]);
  });

  test("a host named twice (--allow-host and --base-url's) is listed once, after the others", () => {
    const policy = toOutboundPolicy({
      baseUrl: "http://127.0.0.1:8080",
      allowHosts: ["127.0.0.1:8080", "example.com"],
      allowWrites: true,
    });
    expect(policy).toEqual({ allowedHosts: ["127.0.0.1:8080", "example.com"], allowWrites: true });
  });

  test.each(["file:///etc/passwd", "not a url", "ftp://example.com"])(
    "refuses the base URL %s",
    (baseUrl) => {
      expect(() => toOutboundPolicy({ baseUrl })).toThrow(
        `--base-url must be an http(s) URL, got '${baseUrl}'`,
      );
    },
  );
});
