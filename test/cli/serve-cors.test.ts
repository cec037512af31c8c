import { describe, expect, test } from "vitest";
import { runCli } from "../../src/cli/run-cli.js";
import { captureIo } from "../support/capture-io.js";
import { oasExample } from "../support/real-specs.js";

const PREFLIGHT = {
  method: "OPTIONS",
  headers: { origin: "http://localhost:5173", "access-control-request-method": "POST" },
};

/** Runs `tooldeck serve …` until `use` is done with the URL it prints. */
async function serving(args: string[], use: (url: string) => Promise<void>): Promise<void> {
  const stop = new AbortController();
  const { io, stdout } = captureIo(stop.signal);
  const exit = runCli(["serve", ...args], io);
  await expect.poll(() => stdout()).toMatch(/(emulated on|listening on) http/);
  try {
    await use(/http:\/\/127\.0\.0\.1:\d+(\/v2)?/.exec(stdout())?.[0] as string);
  } finally {
    stop.abort();
    expect(await exit).toBe(0);
  }
}

describe("tooldeck serve: CORS on by default, --no-cors to turn it off", () => {
  test("--help documents --no-cors", async () => {
    const { io, stdout } = captureIo();
    await runCli(["serve", "--help"], io);
    expect(stdout()).toContain("--no-cors");
  });

  test("serve --spec answers a browser's preflight and lets it read the answer", async () => {
    await serving(["--spec", oasExample("3.0/json/petstore.json"), "--port", "0"], async (base) => {
      const preflight = await fetch(`${base}/pet`, PREFLIGHT);
      expect([preflight.status, preflight.headers.get("access-control-allow-origin")]).toEqual([204, "*"]);
      const read = await fetch(`${base}/pet/1`, { headers: { origin: "http://localhost:5173" } });
      expect(read.headers.get("access-control-allow-origin")).toBe("*");
    });
  });

  test("serve (the event service) does too", async () => {
    await serving(["--only", "events", "--events-port", "0"], async (url) => {
      const read = await fetch(`${url}/events/1`, { headers: { origin: "http://localhost:5173" } });
      expect([read.status, read.headers.get("access-control-allow-origin")]).toEqual([200, "*"]);
    });
  });

  test("--no-cors: no Access-Control-* header, and a preflight is the emulator's to answer (405)", async () => {
    await serving(
      ["--spec", oasExample("3.0/json/petstore.json"), "--port", "0", "--no-cors"],
      async (base) => {
        const preflight = await fetch(`${base}/pet`, PREFLIGHT);
        expect([preflight.status, preflight.headers.get("access-control-allow-origin")]).toEqual([405, null]);
      },
    );
  });
});
