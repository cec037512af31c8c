import { describe, expect, test } from "vitest";
import { FLOWISE_PROFILE } from "../../../src/runtime/profiles/flowise.js";
import { privateHostRefusal } from "../../../src/runtime/profiles/private-host-refusal.js";
import { STANDARD_PROFILE } from "../../../src/runtime/profiles/standard.js";

const LOOPBACK = new URL("http://127.0.0.1:5566/events");
const PUBLIC_NAME = new URL("http://api.example.test/events");
const publicDns = async () => ["203.0.113.7"];

describe("privateHostRefusal: the profile against HTTP_SECURITY_CHECK", () => {
  test("flowise refuses a loopback host, in Flowise 3.1.4's words", async () => {
    const refuses = privateHostRefusal(FLOWISE_PROFILE, { resolveHost: publicDns });
    expect(await refuses(LOOPBACK)).toBe("isDeniedIP: Error: Access to this host is denied by policy.");
    expect(await refuses(PUBLIC_NAME)).toBeUndefined();
  });

  test("a name that resolves to a private address is refused too", async () => {
    const refuses = privateHostRefusal(FLOWISE_PROFILE, { resolveHost: async () => ["10.0.0.3"] });
    expect(await refuses(PUBLIC_NAME)).toBe("isDeniedIP: Error: Access to this host is denied by policy.");
  });

  test("httpSecurityCheck: false lifts it; the standard profile never refuses", async () => {
    expect(await privateHostRefusal(FLOWISE_PROFILE, { httpSecurityCheck: false })(LOOPBACK)).toBeUndefined();
    expect(await privateHostRefusal(STANDARD_PROFILE, {})(LOOPBACK)).toBeUndefined();
  });
});
