import { createServer as createHttpServer, type IncomingHttpHeaders } from "node:http";
import { createServer } from "node:net";
import { describe, expect, test } from "vitest";
import { z } from "zod/v3";
import { CustomToolRunFailed } from "../../../../../src/platforms/flowise/custom-tool/run/create-custom-tool-executable.js";
import { executeCustomTool } from "../../../../../src/platforms/flowise/custom-tool/run/execute-custom-tool.js";
import { parseWithTypeConversion } from "../../../../../src/platforms/flowise/custom-tool/run/flowise-type-conversion.js";
import { toLangChainTools } from "../../../../../src/runtime/langchain/to-langchain-tools.js";
import { createCaptureService, customTool, outputOf } from "./custom-tool-harness.js";

/**
 * The differential cases of reference/flowise-custom-tool.md (§4–§9), each named by its case id: what
 * Flowise 3.1.4 gave, tooldeck gives, under the flowise profile with code allowed. Where tooldeck keeps
 * a guard Flowise lacks, the case says what differs.
 */
const MISMATCH = "Received tool input did not match expected schema";
const DENIED_V4 =
  "NodeVM Execution Error: Error: isDeniedIP: Error: Access to this host is denied by policy.";
const FETCH = "const fetch = require('node-fetch');\n";

/** A loopback port nothing listens on (undici refuses fetch's "bad ports", port 1 among them). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("§4 arguments → $property", () => {
  const typed = [
    { property: "text", type: "string" },
    { property: "count", type: "number" },
    { property: "flag", type: "boolean" },
  ];
  const echo =
    "return JSON.stringify([typeof $text === 'undefined' ? null : $text, typeof $count === 'undefined' ? null : $count, typeof $flag === 'undefined' ? null : $flag])";

  test.each([
    ["args-coerce", { text: 5, count: "3.5abc", flag: "Yes" }, '["5",3.5,true]'],
    ["args-coerce (booleans and numbers)", { text: true, count: false, flag: 2 }, '["true",0,true]'],
    ["args-object-to-string", { text: { a: [1] } }, '["{\\"a\\":[1]}",null,null]'],
    ["args-extra-stripped", { text: "a", other: "x" }, '["a",null,null]'],
  ])("%s", async (_, args, expected) => {
    expect(await outputOf(echo, args, typed)).toBe(expected);
  });

  test("args-extra-stripped: no global for an unknown key", async () => {
    expect(await outputOf("return typeof $other", { other: "x" }, typed)).toBe("undefined");
  });

  test("args-deep-coerce: a nested value is converted at its path", () => {
    const schema = z.object({ outer: z.object({ count: z.number(), list: z.array(z.string()) }) });
    const { result } = parseWithTypeConversion(schema, { outer: { count: "7", list: [1, true] } });
    expect(result).toMatchObject({ success: true, data: { outer: { count: 7, list: ["1", "true"] } } });
  });

  test.each([
    ["args-missing-required", {}, [{ property: "text", type: "string", required: true }]],
    ["args-number-unparsable", { count: "abc" }, typed],
    ["args-null-optional", { text: null }, typed],
    ["args-date", { when: "2026-01-01T10:00:00.000Z" }, [{ property: "when", type: "date" }]],
  ])("%s: %s", async (_, args, schema) => {
    expect(await outputOf("return 'ran'", args, schema)).toBe(MISMATCH);
  });

  test("args-date: even a call without the optional date runs, with one it never does", async () => {
    const schema = [{ property: "when", type: "date" }];
    expect(await outputOf("return 'ran'", {}, schema)).toBe("ran");
  });

  test("args-missing-optional: reading an omitted optional property throws ReferenceError", async () => {
    expect(await outputOf("return $o", {}, [{ property: "o", type: "string" }])).toBe(
      "NodeVM Execution Error: ReferenceError: $o is not defined",
    );
  });

  test("args-missing-optional-typeof: only typeof is safe", async () => {
    expect(await outputOf("return typeof $o", {}, [{ property: "o", type: "string" }])).toBe("undefined");
  });

  test("tpl-hubspot-email-only: the Hubspot template's unguarded $firstname fails when left out", async () => {
    const func = `${FETCH}const body = { properties: { email: $email, firstname: $firstname, lastname: $lastname } };
try { const r = await fetch('http://api.test/echo', { method: 'POST', body: JSON.stringify(body) }); return await r.text(); } catch (error) { return 'caught ' + error; }`;
    const schema = [
      { property: "email", type: "string", required: true },
      { property: "firstname", type: "string" },
      { property: "lastname", type: "string" },
    ];
    expect(await outputOf(func, { email: "a@b.c" }, schema)).toBe(
      "NodeVM Execution Error: ReferenceError: $firstname is not defined",
    );
  });

  test("args-shadowed-names: vars and flow are shadowed, input replaces $input", async () => {
    const schema = ["vars", "flow", "input"].map((property) => ({ property, type: "string" }));
    const func = "return [typeof $vars, $flow.chatflowId, $input].join(' ')";
    expect(await outputOf(func, { vars: "v", flow: "f", input: "i" }, schema)).toBe("object cf-1 i");
  });

  test("args-input-default: $input is '' when no property is named input", async () => {
    expect(await outputOf("return JSON.stringify($input)")).toBe('""');
  });

  test("args-odd-property-name: only as globalThis['$user-id']", async () => {
    const schema = [{ property: "user-id", type: "string" }];
    expect(await outputOf("return globalThis['$user-id']", { "user-id": "u1" }, schema)).toBe("u1");
  });
});

describe("§5 $vars, $flow, $input", () => {
  test("vars-no-workspace: no variables, an empty $vars", async () => {
    expect(await outputOf("return JSON.stringify($vars)")).toBe("{}");
  });

  test("vars-static-runtime: a runtime variable is never read from tooldeck's environment: '' and a warning", async () => {
    process.env.CT_HARNESS_SECRET = "server-secret";
    const warnings: string[] = [];
    try {
      const output = await outputOf(
        "return JSON.stringify($vars)",
        {},
        [],
        { vars: { base_url: "http://x" } },
        {
          runtimeVariables: ["CT_HARNESS_SECRET"],
          onWarning: (message) => warnings.push(message),
        },
      );
      expect(output).toBe('{"base_url":"http://x","CT_HARNESS_SECRET":""}');
    } finally {
      delete process.env.CT_HARNESS_SECRET;
    }
    expect(warnings).toEqual([
      "$vars.CT_HARNESS_SECRET is a runtime variable: Flowise reads it from its server's environment, tooldeck never reads its own, so it is '' (set it with --var CT_HARNESS_SECRET=…)",
      "custom tool case_tool: line 1 reads $vars as a whole, not as $vars.<name>: its code is given every variable, secrets included",
    ]);
  });

  test("vars-override: --var gives a runtime variable its value, without a warning", async () => {
    const warnings: string[] = [];
    const output = await outputOf(
      "return $vars.token",
      {},
      [],
      { vars: { token: "t1" } },
      {
        runtimeVariables: ["token"],
        onWarning: (message) => warnings.push(message),
      },
    );
    expect([output, warnings]).toEqual(["t1", []]);
  });

  test("vars-braces-literal: {{…}} inside func stays as written", async () => {
    expect(await outputOf("return '{{$vars.base_url}}'", {}, [], { vars: { base_url: "http://x" } })).toBe(
      "{{$vars.base_url}}",
    );
  });

  test("flow-contents: a chatflow's (V1) state is {input}", async () => {
    expect(
      await outputOf("return JSON.stringify($flow)", {}, [], { question: "hi", flowState: { k: 1 } }),
    ).toBe('{"chatflowId":"cf-1","sessionId":"s-1","chatId":"c-1","input":"hi","state":{"input":"hi"}}');
  });

  test.each(["agentflow-agent", "agentflow-tool"] as const)(
    "flow-contents: an Agentflow V2 %s node's state is the run's",
    async (caller) => {
      const output = await outputOf(
        "return JSON.stringify($flow)",
        {},
        [],
        { question: "hi", flowState: { k: 1 } },
        { caller },
      );
      expect(output).toBe(
        '{"chatflowId":"cf-1","sessionId":"s-1","chatId":"c-1","input":"hi","state":{"k":1}}',
      );
    },
  );
});

describe("§6 the sandbox", () => {
  test("env-console: console exists and prints nothing (Flowise writes to its server's stdout)", async () => {
    expect(await outputOf("console.log('x'); console.error('y'); return typeof console.log")).toBe(
      "function",
    );
  });

  test("env-codegen: eval and new Function refuse", async () => {
    expect(await outputOf("return eval('1')")).toBe(
      "NodeVM Execution Error: EvalError: Code generation from strings disallowed for this context",
    );
    expect(await outputOf("return new Function('return 1')()")).toBe(
      "NodeVM Execution Error: EvalError: Code generation from strings disallowed for this context",
    );
  });

  test("env-globals: what exists and what does not", async () => {
    const present = [
      "setTimeout",
      "setInterval",
      "setImmediate",
      "console",
      "require",
      "module",
      "exports",
      "$vars",
      "$flow",
      "$input",
    ];
    const absent = [
      "process",
      "util",
      "fs",
      "child_process",
      "Symbol",
      "fetch",
      "URL",
      "URLSearchParams",
      "AbortController",
      "TextEncoder",
      "structuredClone",
      "queueMicrotask",
      "atob",
      "Blob",
      "FormData",
      "Headers",
    ];
    const func = `return JSON.stringify([${[...present, ...absent].map((name) => `typeof ${name}`).join(", ")}])`;
    const types = JSON.parse(await outputOf(func)) as string[];
    expect(types.slice(0, present.length).every((type) => type !== "undefined")).toBe(true);
    expect(types.slice(present.length)).toEqual(absent.map(() => "undefined"));
    expect(await outputOf("return 'process' in globalThis && process === undefined")).toBe("true");
  });

  test("env-process: require('process') is refused", async () => {
    expect(await outputOf("require('process')")).toBe(
      "NodeVM Execution Error: Error: Cannot find module 'process'",
    );
  });

  test.each([
    "fs",
    "child_process",
    "http",
    "https",
    "net",
    "os",
    "dns",
    "vm",
    "worker_threads",
    "util",
    "stream",
    "tls",
  ])("req-builtins-default: require('%s') is refused", async (name) => {
    expect(await outputOf(`require('${name}')`)).toBe(
      `NodeVM Execution Error: Error: Cannot find module '${name}'`,
    );
  });

  test.each(["assert", "crypto", "events", "path", "querystring", "url", "zlib"])(
    "req-builtins-default: Flowise gives '%s'; tooldeck's sandbox has no engine for it and says so",
    async (name) => {
      expect(await outputOf(`require('${name}')`)).toBe(
        `NodeVM Execution Error: Error: Cannot find module '${name}' (Flowise gives it; tooldeck's sandbox has no ${name})`,
      );
    },
  );

  test("env-globals and req-builtins-default: Buffer, global and require('buffer'), for Basic auth and the like", async () => {
    const func = `const { Buffer: Required } = require('buffer');
return [Buffer.from('user:pass').toString('base64'), Buffer.from('aGk=', 'base64').toString(), Required === Buffer, Buffer.byteLength('é')].join(' ');`;
    expect(await outputOf(func)).toBe("dXNlcjpwYXNz hi true 2");
  });

  test("req-builtins-default: timers is given", async () => {
    expect(
      await outputOf(
        "const t = require('timers'); await new Promise((r) => t.setTimeout(r, 1)); return typeof t.setInterval",
      ),
    ).toBe("function");
  });

  test.each(["cheerio", "openai", "form-data", "lodash"])(
    "req-external-default: require('%s') is refused",
    async (name) => {
      expect(await outputOf(`require('${name}')`)).toBe(
        `NodeVM Execution Error: Error: Cannot find module '${name}'`,
      );
    },
  );

  test.each([
    ["req-external-env", "TOOL_FUNCTION_EXTERNAL_DEP", "cheerio"],
    ["req-allow-builtin-dep", "ALLOW_BUILTIN_DEP", "openai"],
    ["req-http-builtin-env", "TOOL_FUNCTION_BUILTIN_DEP", "http"],
  ])(
    "%s: Flowise's %s grants more; tooldeck reads no Flowise flag and never grants a real module",
    async (_, flag, name) => {
      process.env[flag] = flag === "ALLOW_BUILTIN_DEP" ? "true" : name;
      try {
        expect(await outputOf(`return typeof require('${name}')`)).toBe(
          `NodeVM Execution Error: Error: Cannot find module '${name}'`,
        );
      } finally {
        delete process.env[flag];
      }
    },
  );

  test("req-node-fetch-shape: a bare async function, no default, Headers or Response", async () => {
    expect(
      await outputOf(
        `${FETCH}return [typeof fetch, typeof fetch.default, typeof fetch.Headers, typeof fetch.Response].join(' ')`,
      ),
    ).toBe("function undefined undefined undefined");
  });

  test("req-axios-get: a function with get/post/put/delete/patch; data parsed", async () => {
    const func = `const axios = require('axios');
const r = await axios.get('http://api.test/echo', { params: { q: 'a b,c' } });
return [typeof axios, ...['get','post','put','delete','patch'].map((m) => typeof axios[m]), r.status, r.data.url].join(' ');`;
    expect(await outputOf(func)).toBe(
      "function function function function function function 200 http://api.test/echo?q=a+b,c",
    );
  });

  test("ret-fresh-sandbox: a global set by one call is gone in the next", async () => {
    const tool = customTool("const seen = typeof globalThis.left; globalThis.left = 1; return seen;");
    expect((await tool.invoke({})).output).toBe("undefined");
    expect((await tool.invoke({})).output).toBe("undefined");
  });
});

describe("§7 HTTP from a custom tool", () => {
  test("policy-default-template: the templates' try/catch turns a refusal into ''", async () => {
    const func = `${FETCH}try { const r = await fetch('http://127.0.0.1:9/x'); return await r.text(); } catch (error) { return ''; }`;
    expect(await outputOf(func)).toBe("");
  });

  test.each([
    ["policy-default-uncaught", `${FETCH}await fetch('http://127.0.0.1:9/x')`, DENIED_V4],
    ["policy-default-localhost", `${FETCH}await fetch('http://localhost:9/x')`, DENIED_V4],
    ["policy-default-axios", "await require('axios').get('http://10.0.0.1/x')", DENIED_V4],
    [
      "policy-default-ipv6",
      `${FETCH}await fetch('http://[::1]:9/x')`,
      "NodeVM Execution Error: Error: Access to this host is denied by policy.",
    ],
  ])("%s", async (_, func, expected) => {
    expect(await outputOf(func)).toBe(expected);
  });

  test("policy-off-deny-list: with the check off (httpSecurityCheck: false) loopback is not Flowise's to refuse; tooldeck's guard still judges it", async () => {
    const output = await outputOf(`${FETCH}await fetch('http://127.0.0.1:9/x')`, {}, [], {
      httpSecurityCheck: false,
      outbound: { allowedHosts: [], allowWrites: false },
    });
    expect(output).toMatch(/^NodeVM Execution Error: Error: refused: host 127\.0\.0\.1:9 is not allowed/);
  });

  test("policy-redirect-loop: 5 redirects followed, then Too many redirects", async () => {
    const capture = createCaptureService();
    const tool = customTool(`${FETCH}await fetch('http://api.test/loop')`, [], { fetch: capture.fetch });
    expect((await tool.invoke({})).output).toBe("NodeVM Execution Error: Error: Too many redirects");
    expect(capture.seen).toHaveLength(6);
  });

  test.each([
    [301, "POST", "GET", ""],
    [302, "PUT", "GET", ""],
    [303, "DELETE", "GET", ""],
    [307, "POST", "POST", '{"a":1}'],
  ])(
    "policy-redirect-post: %s after %s → %s, every header kept across hosts",
    async (status, method, after, body) => {
      const func = `${FETCH}const r = await fetch('http://api.test/redirect/${status}', { method: '${method}', body: JSON.stringify({ a: 1 }), headers: { Authorization: 'Bearer k', 'Content-Type': 'application/json' } });
return r.text();`;
      const echoed = JSON.parse(await outputOf(func)) as {
        method: string;
        url: string;
        headers: Record<string, string>;
        body: string;
      };
      expect(echoed).toMatchObject({ method: after, url: "http://other.test/echo", body });
      expect(echoed.headers).toMatchObject({ authorization: "Bearer k", "content-type": "application/json" });
    },
  );

  test("req-node-fetch-object-body and node-fetch's wire headers", async () => {
    const echoed = JSON.parse(
      await outputOf(
        `${FETCH}return (await fetch('http://api.test/echo', { method: 'post', body: { a: 1 } })).text()`,
      ),
    );
    expect(echoed).toMatchObject({
      method: "POST",
      body: "[object Object]",
      headers: {
        "content-type": "text/plain;charset=UTF-8",
        "user-agent": "node-fetch/1.0 (+https://github.com/bitinn/node-fetch)",
        accept: "*/*",
        "accept-encoding": "gzip,deflate",
        connection: "close",
      },
    });
  });

  test("node-fetch's request over a real loopback socket: what the server gets, what the code reads", async () => {
    const got: { method?: string; headers?: IncomingHttpHeaders; body?: string } = {};
    const server = createHttpServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => {
        body += chunk;
      });
      request.on("end", () => {
        Object.assign(got, { method: request.method, headers: request.headers, body });
        response.writeHead(201, { "content-type": "application/json" }).end('{"id": 7}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    try {
      const func = `${FETCH}const r = await fetch('http://127.0.0.1:${port}/events', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: $name }) });
return { status: r.status, body: await r.json() };`;
      const output = await outputOf(func, { name: "Demo" }, [{ property: "name", type: "string" }], {
        fetch: (input, init) => globalThis.fetch(input, init),
        httpSecurityCheck: false,
        outbound: { allowedHosts: [`127.0.0.1:${port}`], allowWrites: true },
      });
      expect(output).toBe('{"status":201,"body":{"id":7}}');
      expect(got).toMatchObject({ method: "POST", body: '{"name":"Demo"}' });
      expect(got.headers).toMatchObject({
        "content-type": "application/json",
        "user-agent": "node-fetch/1.0 (+https://github.com/bitinn/node-fetch)",
        accept: "*/*",
        "accept-encoding": "gzip,deflate",
        connection: "close",
      });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  test("axios's User-Agent", async () => {
    const echoed = await outputOf(
      "return (await require('axios').post('http://api.test/echo', { a: 1 })).data",
    );
    expect(JSON.parse(echoed)).toMatchObject({
      headers: { "user-agent": "axios/1.15.0", "content-type": "application/json" },
      body: '{"a":1}',
    });
  });

  test("an axios error status rejects as AxiosError", async () => {
    expect(await outputOf("await require('axios').get('http://api.test/status/404')")).toBe(
      "NodeVM Execution Error: AxiosError: Request failed with status code 404",
    );
  });
});

describe("§8 return value", () => {
  test.each([
    ["ret-pretty-json", "return JSON.stringify({ a: 1, b: [1, 2] }, null, 2)", '{"a":1,"b":[1,2]}'],
    ["ret-json5-string", "return \"{ 'a': 1, b: [1,2,], }\"", '{"a":1,"b":[1,2]}'],
    ["ret-brace-text", "return '{not json}'", "{not json}"],
    ["ret-object", "return { a: 1, b: undefined }", '{"a":1}'],
    ["ret-array", "return [1, 'x']", '[1,"x"]'],
    ["ret-null", "return null", "null"],
    ["ret-number", "return 42", "42"],
    ["ret-true", "return true", "true"],
    ["ret-empty-string", "return ''", ""],
    ["ret-undefined (a chatflow's observation is '')", "return undefined", ""],
    ["ret-flowise-markers", "return 'seen\\n\\n----FLOWISE_ARTIFACTS----\\n\\n[{\"x\":1}]'", "seen"],
    [
      "ret-flowise-markers (tool args)",
      "return 'a\\n\\n----FLOWISE_TOOL_ARGS----\\n\\nb\\n\\n----FLOWISE_SOURCE_DOCUMENTS----\\n\\nc'",
      "a",
    ],
  ])("%s", async (_, func, expected) => {
    expect(await outputOf(func)).toBe(expected);
  });

  test("ret-large: 20,000 characters come back whole", async () => {
    expect(await outputOf("return 'x'.repeat(20000)")).toHaveLength(20000);
  });

  test.each([
    ["ret-zero", "return 0", 0],
    ["ret-false", "return false", false],
    ["ret-undefined", "return", undefined],
    ["ret-json-as-value", "return 42", "42"],
  ])("%s: falsy non-strings pass through untouched", async (_, func, output) => {
    const run = await executeCustomTool(
      { name: "t", description: "", schema: [], func },
      {},
      {
        profile: "flowise",
        fetch: createCaptureService().fetch,
        refusal: () => undefined,
        vars: {},
        flow: { caller: "chatflow", chatflowId: "", sessionId: "", chatId: "", input: "" },
        timeoutMs: 5000,
      },
    );
    expect(run).toEqual({ ok: true, output });
  });
});

describe("§8-9 a value that is no text, as each Flowise caller is given it", () => {
  // Reference §8: "falsy non-strings pass through untouched: 0 → number 0, false → boolean false, no
  // return → undefined"; §9: a chatflow's observation is '' for undefined, the V2 Agent's tool message
  // holds the output as returned.
  test.each([
    ["chatflow", "return 0", { value: 0, output: "0" }],
    ["chatflow", "return false", { value: false, output: "false" }],
    ["chatflow", "return", { output: "" }],
    ["agentflow-agent", "return 0", { value: 0, output: "0" }],
    ["agentflow-agent", "return false", { value: false, output: "false" }],
    ["agentflow-agent", "return", { value: undefined, output: "" }],
    ["agentflow-agent", "return null", { output: "null" }],
    ["agentflow-agent", "return { a: 0 }", { output: '{"a":0}' }],
    ["agentflow-agent", "return ''", { output: "" }],
  ] as const)("%s, %s", async (caller, func, expected) => {
    const result = await customTool(func, [], {}, { caller }).invoke({});
    expect(result.ok).toBe(true);
    expect(result.output).toBe(expected.output);
    expect("value" in result).toBe("value" in expected);
    if ("value" in expected) expect(result.value).toBe(expected.value);
  });

  test("a LangChain tool returns the value itself, as Flowise's tool.call() does; its ToolMessage writes it as JSON", async () => {
    const [tool] = toLangChainTools([customTool("return 0", [], {}, { caller: "agentflow-agent" })]);
    expect(await tool?.invoke({})).toBe(0);
    const message = await tool?.invoke({ id: "call_1", name: "case_tool", args: {}, type: "tool_call" });
    expect(message?.content).toBe("0");
  });
});

describe("§9 errors and time", () => {
  test.each([
    ["err-throw", "throw new Error('boom')", "NodeVM Execution Error: Error: boom"],
    ["err-string", "throw 'plain string'", "NodeVM Execution Error: plain string"],
    ["err-reference", "return x", "NodeVM Execution Error: ReferenceError: x is not defined"],
    ["err-type", "null.x", "NodeVM Execution Error: TypeError: cannot read property 'x' of null"],
  ])("%s", async (_, func, expected) => {
    expect(await outputOf(func)).toBe(expected);
  });

  test("err-syntax: the prefix and the name; the text is QuickJS's (V8 says Unexpected token '}')", async () => {
    expect(await outputOf("}")).toMatch(/^NodeVM Execution Error: SyntaxError: \S/);
  });

  test("err-fetch: a refused connection, in node-fetch's words, over a real loopback socket", async () => {
    const port = await closedPort();
    const output = await outputOf(`${FETCH}await fetch('http://127.0.0.1:${port}/x')`, {}, [], {
      fetch: (input, init) => globalThis.fetch(input, init),
      httpSecurityCheck: false,
      outbound: { allowedHosts: [`127.0.0.1:${port}`], allowWrites: false },
    });
    expect(output).toBe(
      `NodeVM Execution Error: FetchError: request to http://127.0.0.1:${port}/x failed, reason: connect ECONNREFUSED 127.0.0.1:${port}`,
    );
  });

  test("a V1 chatflow shows the model the error text", async () => {
    const result = await customTool("throw new Error('boom')").invoke({});
    expect(result).toEqual({
      ok: false,
      output: "NodeVM Execution Error: Error: boom",
      error: "NodeVM Execution Error: Error: boom",
    });
  });

  test.each([
    ["agentflow-agent", "NodeVM Execution Error: Error: boom"],
    ["agentflow-tool", "Error: NodeVM Execution Error: Error: boom"],
  ] as const)("an Agentflow V2 %s fails the run with %j, the model sees nothing", async (caller, text) => {
    const tool = customTool("throw new Error('boom')", [], {}, { caller });
    await expect(tool.invoke({})).rejects.toEqual(new CustomToolRunFailed(text));
    await expect(
      customTool("return 1", [{ property: "a", type: "string", required: true }], {}, { caller }).invoke({}),
    ).rejects.toThrow(MISMATCH);
  });

  test.each([
    ["time-sync-loop", "while (true) {}"],
    ["time-pending-promise", "await new Promise(() => {})"],
    ["time-slow-async", "await new Promise((r) => setTimeout(r, 2500))"],
  ])("%s: Flowise would hang; tooldeck's limit ends it and says so", async (_, func) => {
    expect(await outputOf(func, {}, [], {}, { timeoutMs: 300 })).toBe(
      "custom tool case_tool timed out after 300 ms (in Flowise this call would hang the server: it sets no time limit)",
    );
  });

  test("time-abort-ignored: Flowise ignores the agent's abort; tooldeck stops the call", async () => {
    const controller = new AbortController();
    const running = customTool("await new Promise((r) => setTimeout(r, 5000)); return 'done'").invoke(
      {},
      { signal: controller.signal },
    );
    setTimeout(() => controller.abort(), 50);
    expect((await running).output).toBe("custom tool case_tool was aborted");
  });

  test("time-timer-outlives-call: Flowise's interval keeps sending; tooldeck's timers end with the call", async () => {
    const capture = createCaptureService();
    const func = `${FETCH}setInterval(() => { fetch('http://api.test/tick').catch(() => {}); }, 5); return 'returned';`;
    expect((await customTool(func, [], { fetch: capture.fetch }).invoke({})).output).toBe("returned");
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(capture.seen).toEqual([]);
  });
});
