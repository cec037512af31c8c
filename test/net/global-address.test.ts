import { describe, expect, test } from "vitest";
import { isGlobalAddress } from "../../src/net/global-address.js";
import { nonGlobalAddressOf } from "../../src/net/non-global-host.js";
import { markNeverResolves, type ResolveHost } from "../../src/net/resolve-host.js";
import { NON_GLOBAL_IPV4, NON_GLOBAL_IPV6 } from "../support/special-addresses.js";

const GLOBAL = [
  "93.184.216.34",
  "8.8.8.8",
  "100.63.255.255",
  "100.128.0.0",
  "192.0.1.1",
  "192.31.196.1",
  "198.17.255.255",
  "2606:4700::1111",
  "2620:4f:8000::1",
  "2001:4:112::1",
  "::ffff:808:808",
  "64:ff9b::808:808",
];

describe("isGlobalAddress", () => {
  test.each(NON_GLOBAL_IPV4)("%s (%s) is not global, nor its IPv4-mapped and NAT64 forms", (_, address) => {
    expect(isGlobalAddress(address)).toBe(false);
    expect(isGlobalAddress(`::ffff:${address}`)).toBe(false);
    expect(isGlobalAddress(`64:ff9b::${address}`)).toBe(false);
  });

  test.each(NON_GLOBAL_IPV6)("%s (%s) is not global", (_, address) => {
    expect(isGlobalAddress(address)).toBe(false);
  });

  test.each(GLOBAL)("%s is global", (address) => {
    expect(isGlobalAddress(address)).toBe(true);
  });

  test.each(["localhost", "example.com", "", "1.2.3", "::ffff:1.2.3.4.5"])(
    "%j is not an address",
    (value) => {
      expect(isGlobalAddress(value)).toBe(false);
    },
  );
});

describe("nonGlobalAddressOf", () => {
  const resolvingTo =
    (addresses: string[] | undefined): ResolveHost =>
    async () =>
      addresses;

  test("an address is judged as written in the URL (WHATWG spellings included), without DNS", async () => {
    const asked: string[] = [];
    const resolve: ResolveHost = async (hostname) => {
      asked.push(hostname);
      return ["93.184.216.34"];
    };
    for (const spelling of ["100.100.100.200", "0x64.0x64.0x64.0xc8", "1684301000", "100.100.25800"]) {
      expect(await nonGlobalAddressOf(new URL(`http://${spelling}/`), resolve)).toBe("100.100.100.200");
    }
    expect(await nonGlobalAddressOf(new URL("http://[::ffff:100.100.100.200]/"), resolve)).toBe(
      "::ffff:6464:64c8",
    );
    expect(await nonGlobalAddressOf(new URL("http://[64:ff9b::100.100.100.200]/"), resolve)).toBe(
      "64:ff9b::6464:64c8",
    );
    expect(await nonGlobalAddressOf(new URL("http://localhost:1/"), resolve)).toBe("127.0.0.1");
    expect(await nonGlobalAddressOf(new URL("http://api.localhost/"), resolve)).toBe("127.0.0.1");
    expect(await nonGlobalAddressOf(new URL("http://93.184.216.34/"), resolve)).toBeUndefined();
    expect(asked).toEqual([]);
  });

  test("a name is judged by every address it resolves to", async () => {
    const url = new URL("http://metadata.attacker.example/");
    expect(await nonGlobalAddressOf(url, resolvingTo(["93.184.216.34", "100.100.100.200"]))).toBe(
      "100.100.100.200",
    );
    expect(await nonGlobalAddressOf(url, resolvingTo(["::ffff:192.0.0.192"]))).toBe("::ffff:192.0.0.192");
    expect(await nonGlobalAddressOf(url, resolvingTo(["93.184.216.34"]))).toBeUndefined();
    expect(await nonGlobalAddressOf(url, resolvingTo(undefined))).toBeUndefined();
  });

  test("a name the resolver never resolves (an embedded emulator's) is not asked about", async () => {
    const resolve = markNeverResolves(
      async () => {
        throw new Error("asked");
      },
      () => true,
    );
    expect(await nonGlobalAddressOf(new URL("http://events.tooldeck.internal/"), resolve)).toBeUndefined();
  });
});
