import { describe, expect, test } from "vitest";
import { withCors } from "../../src/emulator/with-cors.js";

/** A handler that says what reached it. */
const echo = (request: Request) =>
  new Response(JSON.stringify({ reached: `${request.method} ${new URL(request.url).pathname}` }), {
    status: 201,
    headers: { "content-type": "application/json", location: "/things/1" },
  });

const ORIGIN = "http://agent-ui.localhost:5173";

describe("withCors: an emulator a browser-based agent UI can call", () => {
  test("a preflight is answered 204 with every origin, the methods and the headers asked for", async () => {
    const answer = await withCors(echo)(
      new Request("http://emulator.test/things", {
        method: "OPTIONS",
        headers: {
          origin: ORIGIN,
          "access-control-request-method": "PATCH",
          "access-control-request-headers": "content-type, authorization",
        },
      }),
    );
    expect(answer.status).toBe(204);
    expect(Object.fromEntries(answer.headers)).toMatchObject({
      "access-control-allow-origin": "*",
      "access-control-allow-methods": "GET,HEAD,PUT,POST,DELETE,PATCH,OPTIONS",
      "access-control-allow-headers": "content-type,authorization",
    });
    expect(answer.headers.has("access-control-allow-credentials")).toBe(false);
  });

  test("an answer carries the origin and exposes its headers (Location), its body and status untouched", async () => {
    const answer = await withCors(echo)(
      new Request("http://emulator.test/things", { method: "POST", headers: { origin: ORIGIN }, body: "{}" }),
    );
    expect([answer.status, await answer.json()]).toEqual([201, { reached: "POST /things" }]);
    expect(answer.headers.get("access-control-allow-origin")).toBe("*");
    expect(answer.headers.get("access-control-expose-headers")).toBe("*");
    expect(answer.headers.get("location")).toBe("/things/1");
  });

  test("an answer whose headers cannot change (a redirect) is copied to carry them", async () => {
    const answer = await withCors(() => Response.redirect("http://emulator.test/elsewhere", 302))(
      new Request("http://emulator.test/things", { headers: { origin: ORIGIN } }),
    );
    expect([
      answer.status,
      answer.headers.get("location"),
      answer.headers.get("access-control-allow-origin"),
    ]).toEqual([302, "http://emulator.test/elsewhere", "*"]);
  });

  test("an OPTIONS that is no preflight reaches the emulator (a description may declare one)", async () => {
    const answer = await withCors(echo)(new Request("http://emulator.test/things", { method: "OPTIONS" }));
    expect(await answer.json()).toEqual({ reached: "OPTIONS /things" });
  });
});
