import { Hono } from "hono";
import { describe, expect, test } from "vitest";
import { bodyGuard, readRequestBody } from "../../../src/emulator/flowise/body-guard.js";
import { useTransports } from "../../support/transports.js";

const json = { "content-type": "application/json" };
const LIMIT = 64;

/** The guard in front of handlers that echo the body the way a later route reads it. */
function echoApp() {
  const app = new Hono();
  for (const path of ["/json", "/body", "/ignore"]) app.use(path, bodyGuard(LIMIT));
  app.use("/form", bodyGuard(4096));
  app.post("/json", async (c) => c.json({ json: await c.req.json(), text: await c.req.text() }));
  app.post("/form", async (c) => c.json(await c.req.parseBody()));
  app.post("/body", async (c) => c.json({ body: await readRequestBody(c) }));
  app.get("/body", async (c) => c.json({ body: await readRequestBody(c) }));
  app.post("/ignore", (c) => c.json({ reached: true }));
  return app;
}

describe("body guard", () => {
  const app = echoApp();
  describe.each(useTransports((request) => app.fetch(request)))("over $name", (transport) => {
    test.each([
      ["truncated object", "{", "Expected property name or '}' in JSON at position 1"],
      ["bad token", '{"a": x}', `Unexpected token 'x', "{"a": x}" is not valid JSON`],
      ["a bare string (body-parser strict mode)", '"hi"', `Unexpected token '"', ""hi"" is not valid JSON`],
      ["a number", "  12", `Unexpected token '1', "  12" is not valid JSON`],
      ["only whitespace", "   ", "Unexpected end of JSON input"],
    ])("malformed JSON (%s) is 400 with the parser's message", async (_name, body, message) => {
      const response = await transport.send("/ignore", { method: "POST", headers: json, body });
      expect(response.status).toBe(400);
      expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(await response.json()).toEqual({ statusCode: 400, success: false, message, stack: {} });
    });

    test("JSON nested deeper than 256 levels is 400 before any handler walks it", async () => {
      const body = `{"category":${"[".repeat(300)}${"]".repeat(300)}}`;
      const response = await transport.send("/form", { method: "POST", headers: json, body });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        statusCode: 400,
        success: false,
        message: "JSON nests deeper than 256 levels",
        stack: {},
      });
    });

    test("brackets inside strings do not count as nesting", async () => {
      const body = JSON.stringify({ text: "[".repeat(300) });
      const response = await transport.send("/form", { method: "POST", headers: json, body });
      expect(response.status).toBe(200);
    });

    test("a body over the limit is 413 before the handler", async () => {
      const response = await transport.send("/ignore", {
        method: "POST",
        headers: json,
        body: "x".repeat(LIMIT + 1),
      });
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({
        statusCode: 413,
        success: false,
        message: "request entity too large",
        stack: {},
      });
    });

    test("a non-JSON body over the limit is 413 too", async () => {
      const response = await transport.send("/ignore", {
        method: "POST",
        headers: { "content-type": "text/plain" },
        body: "x".repeat(LIMIT + 1),
      });
      expect(response.status).toBe(413);
    });

    test("a body at the limit passes", async () => {
      const body = JSON.stringify({ a: "x".repeat(56) });
      expect(body.length).toBe(64);
      const response = await transport.send("/json", { method: "POST", headers: json, body });
      expect(await response.json()).toEqual({ json: JSON.parse(body), text: body });
    });

    test("leaves JSON readable by json() and text()", async () => {
      const response = await transport.send("/json", { method: "POST", headers: json, body: '{"a":1}' });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ json: { a: 1 }, text: '{"a":1}' });
    });

    test("leaves a form readable by parseBody()", async () => {
      const form = new FormData();
      form.set("name", "doc");
      form.set("files", new Blob(["hello"], { type: "text/plain" }), "a.txt");
      const response = await transport.send("/form", { method: "POST", body: form });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ name: "doc", files: {} });
    });

    test("a non-JSON content type is not parsed", async () => {
      const response = await transport.send("/ignore", {
        method: "POST",
        headers: { "content-type": "text/plain" },
        body: "{",
      });
      expect(response.status).toBe(200);
    });

    test.each([
      ["JSON", json, '{"a":[1]}', { a: [1] }],
      ["empty JSON", json, "", {}],
      ["urlencoded", { "content-type": "application/x-www-form-urlencoded" }, "a=1&b=x", { a: "1", b: "x" }],
      ["text", { "content-type": "text/plain" }, "hello", {}],
    ])("readRequestBody reads %s as Flowise's req.body", async (_name, headers, body, expected) => {
      const response = await transport.send("/body", { method: "POST", headers, body });
      expect(await response.json()).toEqual({ body: expected });
    });

    test("readRequestBody of a request without body is {}", async () => {
      const response = await transport.send("/body");
      expect(await response.json()).toEqual({ body: {} });
    });
  });
});
