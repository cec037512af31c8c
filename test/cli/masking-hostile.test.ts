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
 * The pull request's configs: the key in a query string (and, with `header`, in a credential header);
 * one tool's answer is cut by maxOutputLength inside the echoed key, the other fails with it in the
 * error body.
 */
function pullRequestTools(header: boolean): object[] {
  const headers = header ? { Authorization: "AWS {{$vars.aws}}" } : {};
  return [
    {
      kind: "request",
      method: "GET",
      name: "signed",
      description: "Use this to read a signed thing",
      url: "{{$vars.base_url}}/echo?q={{$vars.aws}}",
      headers,
      queryParamsSchema: { limit: { type: "string", in: "query", required: true } },
      maxOutputLength: 30,
    },
    {
      kind: "request",
      method: "GET",
      name: "signed_fail",
      description: "Use this to read a signed thing that fails",
      url: "{{$vars.base_url}}/fail?q={{$vars.aws}}",
      headers,
    },
  ];
}

function folderWith(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "tooldeck-masking-"));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

/** Flowise's own host policy off, as a CI job against a loopback service sets it: the guard still applies. */
const FLOWISE_LOOPBACK = { HTTP_SECURITY_CHECK: "false" };

async function tooldeck(...args: string[]) {
  const captured = captureIo(new AbortController().signal, FLOWISE_LOOPBACK);
  const exit = await runCli(args, captured.io);
  return { exit, printed: captured.stdout() + captured.stderr() };
}

/** Each way the key is a secret: how the CI job hands it over, and what the configs do with it. */
const WAYS = [
  {
    way: "--var, used by a config in a credential header",
    header: true,
    flags: () => ["--var", `aws=${AWS}`],
  },
  { way: "--secret, in a plain query only", header: false, flags: () => ["--secret", `aws=${AWS}`] },
  {
    way: "a vars file's secrets:, in a plain query only",
    header: false,
    flags: () => [
      "--vars",
      join(folderWith({ "ci.yaml": `region: Tech\nsecrets:\n  aws: "${AWS}"\n` }), "ci.yaml"),
    ],
  },
];

describe.each(WAYS)("a secret key ($way) is printed in no spelling", ({ header, flags }) => {
  const tools = () => folderWith({ "tools.json": JSON.stringify(pullRequestTools(header)) });
  const call = (name: string, ...extra: string[]) =>
    tooldeck("call", name, "--tools", tools(), "--base-url", baseUrl, ...flags(), ...extra);

  test.each(
    ["stylish", "json", "sarif", "junit", "github", "html"].flatMap((format) => [
      [format, "standard"],
      [format, "flowise"],
    ]),
  )("check --format %s, profile %s", async (format, profile) => {
    const { printed } = await tooldeck(
      "check",
      tools(),
      "--base-url",
      baseUrl,
      ...flags(),
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
    const { exit, results } = await callMcpInProcess([tools(), "--base-url", baseUrl, ...flags()], io, [
      { name: "signed", arguments: { queryParams: { limit: "2" } } },
      { name: "signed_fail", arguments: {} },
    ]);
    expect(exit).toBe(0);
    const structured = JSON.stringify(results.map((result) => result.structuredContent));
    expect(structured).toContain('"status":500');
    expect(leaked(structured)).toEqual([]);
    expect(leaked(stdout() + stderr())).toEqual([]);
  });
});

describe("any other variable is printed as it is: what the LLM sees", () => {
  test("call get_events --var region=Tech shows the event named Tech Conference 2024", async () => {
    const { exit, printed } = await tooldeck("call", "get_events", "--var", "region=Tech");
    expect(exit).toBe(0);
    expect(printed).toContain('"name":"Tech Conference 2024"');
    expect(printed).not.toContain("***");
  });

  test("a plain variable in a query, from --var or a vars file, is shown in check's report", async () => {
    const tools = folderWith({
      "tools.json": JSON.stringify([
        {
          kind: "request",
          method: "GET",
          name: "by_region",
          description: "Use this to list a region's events",
          url: "{{$vars.base_url}}/echo?region={{$vars.region}}&team={{$vars.team}}",
        },
      ]),
      "vars.yaml": "team: Platform\nsecrets:\n  aws: hidden-value\n",
    });
    const { printed } = await tooldeck(
      "check",
      tools,
      "--base-url",
      baseUrl,
      "--var",
      "region=Tech",
      "--vars",
      join(tools, "vars.yaml"),
      "--format",
      "json",
    );
    expect(printed).toContain("/echo?region=Tech&team=Platform → 200");
  });
});
