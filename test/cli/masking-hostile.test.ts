import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { runCli } from "../../src/cli/run-cli.js";
import { captureIo } from "../support/capture-io.js";
import { callMcpInProcess } from "../support/mcp-in-process.js";

/** The CI machine's AWS secret access key: `/`, `+` and `=` are what URL and GitHub escaping change. */
const AWS = "wJalrXUt/K7MDENG+bPxRfi=CYEX";

/**
 * What must never be printed: every copy of the key begins `wJal` however it is spelled (as written,
 * `%2F`, `%252F`, `+` as a space…), so no 4+ character prefix of it may show; its tail must not either.
 */
function leaked(printed: string): string[] {
  return ["wJal", "bPxRfi", "CYEX"].filter((piece) => printed.includes(piece));
}

/**
 * The service the CI job points `--base-url` at: it echoes what it was asked, as many do, in the
 * spellings a server reads it (the raw request line, the query as a form parser decodes it, that
 * re-encoded); `/fail…` answers 500 with the same echo. Every request line is recorded.
 */
const received: string[] = [];
const echo = createServer((request, response) => {
  const url = request.url ?? "";
  received.push(url);
  const q = new URL(url, "http://h").searchParams.get("q") ?? "";
  response.writeHead(url.startsWith("/fail") ? 500 : 200, { "content-type": "application/json" });
  response.end(JSON.stringify({ url, q, again: encodeURIComponent(q) }));
});
let baseUrl = "";
beforeAll(async () => {
  await new Promise<void>((resolve) => echo.listen(0, "127.0.0.1", () => resolve()));
  baseUrl = `http://127.0.0.1:${(echo.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => echo.close(() => resolve())));

/**
 * The pull request's configs: the key in a query string and in a credential header; one tool's answer
 * is cut by maxOutputLength inside the echoed key, the other fails with it in the error body.
 */
const TOOLS = [
  {
    kind: "request",
    method: "GET",
    name: "signed",
    description: "Use this to read a signed thing",
    url: "{{$vars.base_url}}/echo?q={{$vars.aws}}",
    headers: { Authorization: "AWS {{$vars.aws}}" },
    queryParamsSchema: { limit: { type: "string", in: "query", required: true } },
    maxOutputLength: 30,
  },
  {
    kind: "request",
    method: "GET",
    name: "signed_fail",
    description: "Use this to read a signed thing that fails",
    url: "{{$vars.base_url}}/fail?q={{$vars.aws}}",
    headers: { Authorization: "AWS {{$vars.aws}}" },
  },
];

function toolsFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), "tooldeck-masking-"));
  writeFileSync(join(dir, "tools.json"), JSON.stringify(TOOLS));
  return dir;
}

/** Flowise's own host policy off, as a CI job against a loopback service sets it: the guard still applies. */
const FLOWISE_LOOPBACK = { HTTP_SECURITY_CHECK: "false" };

/** How the CI job hands the key over. */
const SECRET_FLAGS = ["--var", `aws=${AWS}`];

async function tooldeck(...args: string[]) {
  const captured = captureIo(new AbortController().signal, FLOWISE_LOOPBACK);
  const exit = await runCli(args, captured.io);
  return { exit, printed: captured.stdout() + captured.stderr() };
}

/** `tooldeck call <name>` of the pull request's tools against the echoing service, with the key. */
function call(name: string, ...extra: string[]) {
  return tooldeck("call", name, "--tools", toolsFolder(), "--base-url", baseUrl, ...SECRET_FLAGS, ...extra);
}

describe("a --var secret the configs put in a query and a credential header is printed in no spelling", () => {
  test.each(
    ["stylish", "json", "sarif", "junit", "github"].flatMap((format) => [
      [format, "standard"],
      [format, "flowise"],
    ]),
  )("check --format %s, profile %s", async (format, profile) => {
    const { printed } = await tooldeck(
      "check",
      toolsFolder(),
      "--base-url",
      baseUrl,
      ...SECRET_FLAGS,
      "--profile",
      profile,
      "--format",
      format,
    );
    // The probes reached the service with the key (the report says they were answered)…
    expect(printed).toContain("answered 500");
    // …and the report shows none of it.
    expect(leaked(printed)).toEqual([]);
  });

  test.each([[[]], [["--verbose"]]])(
    "call %j: the cut output, the exchange and the error line",
    async (extra) => {
      for (const [name, args] of [
        ["signed", '{"queryParams":{"limit":"2"}}'],
        ["signed_fail", "{}"],
      ] as const) {
        const { exit, printed } = await call(name, "--args", args, ...extra);
        expect(exit).toBe(name === "signed" ? 0 : 1);
        expect(printed).toContain(name === "signed" ? "…[truncated: 30 of" : "answered 500");
        expect(leaked(printed)).toEqual([]);
      }
    },
  );

  test("the server receives the key as written: `+`, `/` and `=` unchanged", async () => {
    received.length = 0;
    await call("signed_fail");
    expect(received).toEqual([`/fail?q=${AWS}`]);
  });

  test("mcp: the structured content of a call, and everything the command prints", async () => {
    const { io, stdout, stderr } = captureIo();
    const { exit, results } = await callMcpInProcess(
      [toolsFolder(), "--base-url", baseUrl, ...SECRET_FLAGS],
      io,
      [
        { name: "signed", arguments: { queryParams: { limit: "2" } } },
        { name: "signed_fail", arguments: {} },
      ],
    );
    expect(exit).toBe(0);
    const structured = JSON.stringify(results.map((result) => result.structuredContent));
    expect(structured).toContain('"status":500');
    expect(leaked(structured)).toEqual([]);
    expect(leaked(stdout() + stderr())).toEqual([]);
  });
});
