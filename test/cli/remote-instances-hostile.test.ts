import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { tooldeck } from "../support/run-tooldeck.js";

/** A server on 127.0.0.1 recording what reaches it (path and headers), answering with `answer`. */
function server(
  answer: (
    path: string,
    origin: string,
  ) => { status: number; headers?: Record<string, string>; body?: string },
) {
  const seen: { path: string; headers: IncomingHttpHeaders }[] = [];
  const http: Server = createServer((request, response) => {
    seen.push({ path: request.url ?? "", headers: request.headers });
    const { status, headers = {}, body = "" } = answer(request.url ?? "", origin());
    response.writeHead(status, { "content-type": "application/json", ...headers });
    response.end(body);
  });
  const origin = () => `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  return {
    seen,
    origin,
    start: () => new Promise<void>((done) => http.listen(0, "127.0.0.1", () => done())),
    stop: () => {
      http.closeAllConnections();
      return new Promise<void>((done) => http.close(() => done()));
    },
  };
}

/** The other origin (another port of 127.0.0.1): it must never see the key. */
const elsewhere = server(() => ({ status: 200, body: JSON.stringify({ data: [] }) }));
/** The instance the user named: every API path redirected to `elsewhere`; /moved/ to its own /api/. */
const instance = server((path, origin) => {
  if (path.startsWith("/moved/"))
    return { status: 200, body: path.includes("chatflows") ? "[]" : '{"data":[]}' };
  if (path.startsWith("/api/v1/workflows/same") || path.startsWith("/api/v1/chatflows/same"))
    return { status: 307, headers: { location: `${origin}/moved${path}` } };
  return { status: 302, headers: { location: `${elsewhere.origin()}${path}` } };
});

beforeAll(() => Promise.all([instance.start(), elsewhere.start()]));
afterAll(() => Promise.all([instance.stop(), elsewhere.stop()]));
beforeEach(() => {
  instance.seen.length = 0;
  elsewhere.seen.length = 0;
});

describe.each([
  ["n8n", "workflow", "x-n8n-api-key", ""],
  ["flowise", "chatflow", "authorization", "Flowise "],
])("--%s URL: the API key goes to its origin only", (platform, pick, header, label) => {
  test("a redirect to another origin is refused before anything is sent there: exit 2, one line", async () => {
    const { exit, stdout, stderr } = await tooldeck(
      "lint",
      `--${platform}`,
      instance.origin(),
      "--api-key",
      "s3cret-key",
    );
    expect(exit).toBe(2);
    expect(stdout).not.toContain("s3cret-key");
    const listed = `${instance.origin()}/api/v1/${pick}s`;
    expect(stderr).toContain(
      `${label}${listed}: redirected to ${elsewhere.origin()}, another origin: not followed (the API key goes only to ${instance.origin()})`,
    );
    expect(stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(instance.seen.map((hop) => hop.headers[header])).toEqual([
      platform === "n8n" ? "s3cret-key" : "Bearer s3cret-key",
    ]);
    expect(elsewhere.seen).toEqual([]);
  });

  test("a redirect within the origin is followed, the key with it", async () => {
    const { stderr } = await tooldeck(
      "lint",
      `--${platform}`,
      instance.origin(),
      "--api-key",
      "k",
      `--${pick}`,
      "same",
      "--allow-empty",
    );
    expect(instance.seen.map((hop) => hop.path)).toEqual([
      `/api/v1/${pick}s/same`,
      `/moved/api/v1/${pick}s/same`,
    ]);
    expect(elsewhere.seen).toEqual([]);
    expect(stderr).not.toContain("another origin");
  });

  test("a URL's user:password is masked in every line printed", async () => {
    const named = instance.origin().replace("http://", "http://admin:hunter2@");
    const { exit, stdout, stderr } = await tooldeck("lint", `--${platform}`, named);
    expect(exit).toBe(2);
    expect(`${stdout}${stderr}`).not.toContain("hunter2");
    expect(`${stdout}${stderr}`).not.toContain("admin:");
    expect(stderr).toContain(
      `${label}${instance.origin().replace("http://", "http://***@")}/api/v1/${pick}s`,
    );
  });
});
