import { describe, expect, test } from "vitest";
import { FLOWISE_PROFILE } from "../../src/platforms/flowise/runtime/flowise-profile.js";
import { denyListRefusal, parseDenyList } from "../../src/runtime/flowise-deny-list.js";
import { flowiseHostOptions } from "../../src/runtime/host-policy.js";
import { privateHostRefusal } from "../../src/runtime/profiles/private-host-refusal.js";
import { STANDARD_PROFILE } from "../../src/runtime/profiles/standard.js";

const CIDR_HIT = "isDeniedIP: Error: Access to this host is denied by policy.";
const EXACT_HIT = "Access to this host is denied by policy.";

describe("HTTP_DENY_LIST as Flowise reads it", () => {
  test("entries are split on commas and trimmed; unset or empty is no list", () => {
    expect(parseDenyList(" 203.0.113.7 ,198.51.100.0/24")).toEqual(["203.0.113.7", "198.51.100.0/24"]);
    expect(parseDenyList("")).toEqual([]);
    expect(parseDenyList(undefined)).toEqual([]);
  });

  test.each([
    ["203.0.113.9", ["203.0.113.0/24"], CIDR_HIT],
    ["203.0.114.9", ["203.0.113.0/24"], undefined],
    ["203.0.113.7", ["203.0.113.7"], EXACT_HIT],
    // An exact entry is compared as written: another spelling of the address is not it.
    ["2001:db8::1", ["2001:db8:0:0:0:0:0:1"], undefined],
    ["2001:db8::1", ["2001:db8::/32"], CIDR_HIT],
    // A range of the other family is passed over, not an error.
    ["203.0.113.9", ["2001:db8::/32"], undefined],
    // A malformed range refuses every address of any family, with ipaddr.js's words.
    [
      "203.0.113.9",
      ["example.com/24"],
      "isDeniedIP: Error: ipaddr: the address has neither IPv6 nor IPv4 format",
    ],
    [
      "203.0.113.9",
      ["203.0.113.0/99"],
      "isDeniedIP: Error: ipaddr: the address has neither IPv6 nor IPv4 CIDR format",
    ],
    // A host name in the list never matches: Flowise compares addresses.
    ["203.0.113.9", ["api.example.com"], undefined],
  ])("%s against %j → %s", (address, entries, expected) => {
    expect(denyListRefusal(address, entries)).toBe(expected);
  });
});

describe("the flowise profile refuses what HTTP_DENY_LIST names", () => {
  const publicDns = async () => ["203.0.113.7"];

  test("a name resolving to a listed address is refused, after DNS, as Flowise refuses it", async () => {
    const refuses = privateHostRefusal(FLOWISE_PROFILE, {
      ...flowiseHostOptions({ HTTP_DENY_LIST: "203.0.113.0/24" }),
      resolveHost: publicDns,
    });
    expect(await refuses(new URL("https://api.example.test/events"))).toBe(CIDR_HIT);
  });

  test("with HTTP_SECURITY_CHECK=false the list still holds: a loopback host it names is refused", async () => {
    const refuses = privateHostRefusal(FLOWISE_PROFILE, {
      ...flowiseHostOptions({ HTTP_SECURITY_CHECK: "false", HTTP_DENY_LIST: "127.0.0.1" }),
      resolveHost: publicDns,
    });
    expect(await refuses(new URL("http://127.0.0.1:5566/events"))).toBe(EXACT_HIT);
    expect(await refuses(new URL("http://127.0.0.2:5566/events"))).toBeUndefined();
  });

  test("two policies on one resolver keep their own answers", async () => {
    const listed = privateHostRefusal(FLOWISE_PROFILE, {
      httpSecurityCheck: false,
      httpDenyList: ["127.0.0.1"],
    });
    const open = privateHostRefusal(FLOWISE_PROFILE, { httpSecurityCheck: false });
    const loopback = new URL("http://127.0.0.1/");
    expect(await listed(loopback)).toBe(EXACT_HIT);
    expect(await open(loopback)).toBeUndefined();
  });

  test("the standard profile never applies Flowise's list", async () => {
    const refuses = privateHostRefusal(STANDARD_PROFILE, { httpDenyList: ["127.0.0.1"] });
    expect(await refuses(new URL("http://127.0.0.1/"))).toBeUndefined();
  });
});
