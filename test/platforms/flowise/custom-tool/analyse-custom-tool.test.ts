import { describe, expect, test } from "vitest";
import { lint } from "../../../../src/lint/lint.js";
import { analyseCustomTool } from "../../../../src/platforms/flowise/custom-tool/analysis/analyse-custom-tool.js";
import { renderTemplate } from "../../../../src/platforms/flowise/custom-tool/analysis/code-template.js";

const analyse = (func: string) => analyseCustomTool({ name: "t", description: "", schema: [], func });

/** Each call as `client METHOD url` with its body keys, `?` for what the code computes. */
function calls(func: string): string[] {
  const analysis = analyse(func);
  if (!analysis.ok) throw new Error(analysis.message);
  return analysis.calls.map((call) => {
    const body = call.body ? ` {${call.body.map((field) => field.key).join(",")}}` : "";
    return `${call.client} ${call.method ?? "?"} ${call.url ? renderTemplate(call.url) : "?"}${body}`;
  });
}

describe("the HTTP calls found in a Custom Tool's code, rebuilt without running it", () => {
  test.each([
    [
      "node-fetch through a local alias, URL by concatenation with $vars and $x",
      "const nf = require('node-fetch');\nconst send = nf;\nawait send($vars.base_url + '/events/' + $id, { method: 'delete' });",
      ["node-fetch DELETE {{$vars.base_url}}/events/{{$id}}"],
    ],
    [
      "a template literal, options and body through names set once",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the code under test, with its own template literal
      "const fetch = require('node-fetch');\nconst base = `${$vars.base_url}/events`;\nconst payload = { name: $name, kind: 'x' };\nconst options = { method: 'POST', body: JSON.stringify(payload) };\nawait fetch(base, options);",
      ["node-fetch POST {{$vars.base_url}}/events {name,kind}"],
    ],
    [
      "fields added after the object was made (Hubspot's body.properties…)",
      "const fetch = require('node-fetch');\nconst body = { email: $email };\nbody.first = 1;\nawait fetch('https://x.example/c', { method: 'POST', body: JSON.stringify(body) });",
      ["node-fetch POST https://x.example/c {email,first}"],
    ],
    [
      "axios's methods and its config call, and require('axios') called in place",
      "const axios = require('axios');\nawait axios.get('https://a.example/x');\nawait axios.patch('https://a.example/y', { a: $a });\nawait axios({ method: 'put', url: 'https://a.example/z', data: { b: 1 } });\nawait require('axios').delete('https://a.example/w');",
      [
        "axios GET https://a.example/x",
        "axios PATCH https://a.example/y {a}",
        "axios PUT https://a.example/z {b}",
        "axios DELETE https://a.example/w",
      ],
    ],
    [
      "a global fetch, and a name assigned twice (unknown)",
      "let u = 'https://a.example/1';\nu = u + '/2';\nawait fetch(u);",
      ["global fetch GET ?"],
    ],
    [
      "calls of other functions, and of a fetch the code defines, are not HTTP calls",
      "const fetch = (x) => x;\nfetch('https://a.example');\nconsole.log('x');\nJSON.parse('{}');",
      [],
    ],
  ])("%s", (_, func, expected) => {
    expect(calls(func)).toEqual(expected);
  });
});

describe("nothing of the code runs", () => {
  test("side effects, a busy loop and a process exit are read, never run", () => {
    const marker = "__tooldeckCustomToolRan";
    const func = [
      `globalThis.${marker} = true;`,
      "process.exit(1);",
      "while (true) {}",
      "const fetch = require('node-fetch');",
      "await fetch('https://a.example/x', { method: 'POST' });",
    ].join("\n");
    const diagnostics = lint(
      [
        {
          config: { kind: "custom-tool", name: "t", description: "d", schema: [], func },
          source: { file: "f", path: "" },
        },
      ],
      { profile: "flowise" },
    );
    expect(diagnostics.map((diagnostic) => diagnostic.code)).toContain("custom-tool-no-timeout");
    expect((globalThis as Record<string, unknown>)[marker]).toBeUndefined();
  });

  test("a deeply nested expression is refused by the parser or read, never a crash", () => {
    const deep = `${"(".repeat(5000)}1${")".repeat(5000)}`;
    const analysis = analyse(`const x = ${deep};\nreturn x;`);
    expect(typeof analysis.ok).toBe("boolean");
  });

  test("a chain of names that refers to itself stops", () => {
    expect(calls("const fetch = require('node-fetch');\nvar a = b;\nvar b = a;\nawait fetch(a);")).toEqual([
      "node-fetch GET ?",
    ]);
  });
});
