import { describe, expect, test } from "vitest";
import { createEmulatorFetch } from "../../../src/emulator/emulator-fetch.js";
import { EVENT_SERVICE_ORIGIN } from "../../../src/emulator/emulator-origins.js";
import { FLOWISE_PROFILE } from "../../../src/platforms/flowise/runtime/flowise-profile.js";
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

describe("privateHostRefusal: answers known without DNS", () => {
  /** A resolver that counts its calls and answers what `answers` holds at the time. */
  function countingResolver(answers: string[][]) {
    const resolver = {
      calls: 0,
      resolveHost: async () => answers[resolver.calls++] ?? answers.at(-1),
    };
    return resolver;
  }

  test("a literal private host is refused at once, every time", async () => {
    const dns = countingResolver([["203.0.113.7"]]);
    const refuses = privateHostRefusal(FLOWISE_PROFILE, { resolveHost: dns.resolveHost });
    for (const url of [LOOPBACK, LOOPBACK, new URL("http://localhost:5566/"), new URL("http://[::1]/")]) {
      expect(refuses(url)).not.toBeInstanceOf(Promise);
    }
    expect(refuses(LOOPBACK)).toBe("isDeniedIP: Error: Access to this host is denied by policy.");
    expect(refuses(new URL("http://[::1]/"))).toBe("Access to this host is denied by policy.");
    expect(dns.calls).toBe(0);
  });

  test("a name that needs DNS is asked about on every call (its answer may change)", async () => {
    const dns = countingResolver([["203.0.113.7"], ["10.0.0.3"]]);
    const refuses = privateHostRefusal(FLOWISE_PROFILE, { resolveHost: dns.resolveHost });
    expect(await refuses(PUBLIC_NAME)).toBeUndefined();
    expect(await refuses(PUBLIC_NAME)).toBe("isDeniedIP: Error: Access to this host is denied by policy.");
    expect(dns.calls).toBe(2);
  });

  test("an embedded emulator's host is let through without a call; its loopback origins are still refused", async () => {
    const { fetch: _fetch, resolveHost } = createEmulatorFetch(
      {
        [EVENT_SERVICE_ORIGIN]: () => new Response(""),
        "http://127.0.0.1:5566": () => new Response(""),
      },
      async () => new Response(""),
      async () => {
        throw new Error("the emulator's own hosts are never looked up");
      },
    );
    const refuses = privateHostRefusal(FLOWISE_PROFILE, { resolveHost });
    expect(refuses(new URL(`${EVENT_SERVICE_ORIGIN}/events`))).toBeUndefined();
    expect(refuses(LOOPBACK)).toBe("isDeniedIP: Error: Access to this host is denied by policy.");
  });
});
