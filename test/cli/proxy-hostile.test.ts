import { request as httpRequest } from "node:http";
import { describe, expect, onTestFinished, test } from "vitest";
import { runCli } from "../../src/cli/run-cli.js";
import { captureIo } from "../support/capture-io.js";
import { hostileProject } from "../support/hostile-project.js";
import { listenDuringTests, loopbackServer } from "../support/loopback-server.js";

const target = loopbackServer();
listenDuringTests(target);

/** `tooldeck proxy --target <the loopback target> --port 0 …` in-process, in an empty project: its URL. */
async function startProxy(extra: string[] = []): Promise<{ url: URL; stdout: () => string }> {
  const before = process.cwd();
  process.chdir(hostileProject());
  onTestFinished(() => process.chdir(before));
  const stop = new AbortController();
  const captured = captureIo(stop.signal);
  const run = runCli(["proxy", "--target", `http://${target.host()}`, "--port", "0", ...extra], captured.io);
  onTestFinished(async () => {
    stop.abort("SIGTERM");
    await run;
  });
  const pattern = /proxy listening on (http:\/\/127\.0\.0\.1:\d+)/;
  await expect.poll(() => pattern.exec(captured.stdout())?.[1]).toBeDefined();
  return { url: new URL(pattern.exec(captured.stdout())?.[1] as string), stdout: captured.stdout };
}

/** A request with the headers a browser would send (fetch cannot set `Host`). */
function send(
  url: URL,
  method: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(url, { method, headers }, (response) => {
      let text = "";
      response.on("data", (chunk) => {
        text += chunk;
      });
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          type: response.headers["content-type"] ?? "",
          body: text,
        }),
      );
    });
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

describe("tooldeck proxy, as a web page would reach it (issue 37)", () => {
  test("a rebound Host (evil.example with the proxy's port) is refused 403 in problem details, nothing sent", async () => {
    const { url, stdout } = await startProxy();
    const answer = await send(new URL("/secrets", url), "GET", { host: `evil.example:${url.port}` });
    expect(answer.status).toBe(403);
    expect(answer.type).toBe("application/problem+json");
    expect(JSON.parse(answer.body)).toEqual({
      type: "about:blank",
      title: "Forbidden",
      status: 403,
      detail: `tooldeck proxy: GET /secrets not forwarded: Host evil.example:${url.port} is not this machine (DNS rebinding?)`,
    });
    expect(target.requests).toEqual([]);
    await expect.poll(stdout).toMatch(/GET \/secrets → 403 \d+ ms \(GET \/secrets not forwarded: Host evil/);
  });

  test("a loopback Host naming another port is refused", async () => {
    const { url } = await startProxy();
    const answer = await send(new URL("/x", url), "GET", { host: "localhost:1" });
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body).detail).toBe(
      `tooldeck proxy: GET /x not forwarded: Host localhost:1 is not this server's (port ${url.port})`,
    );
    expect(target.requests).toEqual([]);
  });

  test("a cross-site form POST (Origin http://evil.example) is refused even with --allow-writes", async () => {
    const { url } = await startProxy(["--allow-writes"]);
    const answer = await send(
      new URL("/accounts/1/transfer", url),
      "POST",
      { origin: "http://evil.example", "content-type": "application/x-www-form-urlencoded" },
      "to=attacker&amount=1000",
    );
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body).detail).toBe(
      "tooldeck proxy: POST /accounts/1/transfer not forwarded: Origin http://evil.example may not call this server",
    );
    expect(target.requests).toEqual([]);
  });

  test("the agent's own calls pass: its Host, localhost and [::1] spellings, a loopback Origin's write", async () => {
    const { url } = await startProxy(["--allow-writes"]);
    for (const host of [url.host, `localhost:${url.port}`, `[::1]:${url.port}`])
      expect((await send(new URL("/events", url), "GET", { host })).status).toBe(200);
    const write = await send(new URL("/events", url), "POST", { origin: "http://localhost:3000" }, "{}");
    expect(write.status).toBe(200);
    // A read from another origin is sent: the browser's CORS rules decide whether the page may read it.
    expect((await send(new URL("/events", url), "GET", { origin: "http://evil.example" })).status).toBe(200);
    expect(target.requests).toEqual([
      "GET /events",
      "GET /events",
      "GET /events",
      "POST /events",
      "GET /events",
    ]);
  });
});
