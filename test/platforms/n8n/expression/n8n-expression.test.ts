import { describe, expect, test } from "vitest";
import {
  compileParameter,
  renderParameter,
} from "../../../../src/platforms/n8n/expression/compiled-parameters.js";
import { parseN8nValue } from "../../../../src/platforms/n8n/expression/n8n-expression.js";
import { renderN8nValue } from "../../../../src/platforms/n8n/expression/render-value.js";

function render(value: unknown, args: Record<string, unknown> = {}, vars?: Record<string, string>) {
  return renderN8nValue(parseN8nValue(value), { args, vars });
}

describe("n8n expressions: what a call renders (reference section 3)", () => {
  test.each([
    ["a text template: the value written in", "=/items/{{ $fromAI('id') }}", { id: "42" }, "/items/42"],
    ["a missing argument in a template: empty text (fact 14)", "=/items/{{ $fromAI('id') }}", {}, "/items/"],
    ["null counts as missing", "=/items/{{ $fromAI('id') }}", { id: null }, "/items/"],
    [
      "the default when the argument is missing",
      "=?limit={{ $fromAI('limit', 'Max', 'number', 10) }}",
      {},
      "?limit=10",
    ],
    [
      "a number and a boolean as text (fact 16)",
      "=n={{ $fromAI('n') }}&b={{ $fromAI('b') }}",
      { n: 0, b: false },
      "n=0&b=false",
    ],
    [
      "an object as [object Object] (fact 16)",
      "={\"a\": {{ $fromAI('o', '', 'json') }}}",
      { o: { k: 1 } },
      '{"a": [object Object]}',
    ],
    [
      "a string is not escaped (fact 16)",
      '={"name": "{{ $fromAI(\'name\') }}"}',
      { name: 'say "hi"' },
      '{"name": "say "hi""}',
    ],
    [
      "a whole-field expression keeps its type (fact 17)",
      "={{ $fromAI('body', '', 'json') }}",
      { body: { a: [1] } },
      { a: [1] },
    ],
    ["a whole-field number stays a number", "={{ $fromAI('n', '', 'number') }}", { n: 3 }, 3],
    ["a whole-field missing value is undefined", "={{ $fromAI('n') }}", {}, undefined],
    [
      "arguments nested under `query` win (fact 15)",
      "=/items/{{ $fromAI('id') }}",
      { query: { id: "7" }, id: "8" },
      "/items/7",
    ],
    ["$fromai spelled in lower case (fact 11)", "=/items/{{ $fromai('id') }}", { id: "1" }, "/items/1"],
    [
      "JSON.stringify of a json argument (fact 16)",
      "={\"f\": {{ JSON.stringify($fromAI('f', '', 'json')) }}}",
      { f: { k: "v" } },
      '{"f": {"k":"v"}}',
    ],
    [
      "a literal string is sent as it is, braces included (fact 22)",
      "/items/{{ $fromAI('id') }}",
      { id: "1" },
      "/items/{{ $fromAI('id') }}",
    ],
    ["a number parameter stays a number", 5, {}, 5],
    [
      "a `}}` inside a string does not end the expression",
      "={{ $fromAI('k', 'a }} b', 'string', 'x }} y') }}",
      {},
      "x }} y",
    ],
    ["an arrow or other text outside {{ }} is text", "=a => b", {}, "a => b"],
  ])("%s", (_name, value, args, expected) => {
    expect(render(value, args)).toEqual({ ok: true, value: expected });
  });

  test("$vars.name reads tooldeck's variables", () => {
    expect(render("={{ $vars.base_url }}/items", {}, { base_url: "http://127.0.0.1:5566" })).toEqual({
      ok: true,
      value: "http://127.0.0.1:5566/items",
    });
    expect(render("={{ $vars['base_url'] }}", {}, { base_url: "u" })).toEqual({ ok: true, value: "u" });
  });

  test("an unset variable is reported, not rendered empty", () => {
    expect(render("={{ $vars.base_url }}/items", {}, {})).toEqual({
      ok: false,
      unknownVariable: "$vars.base_url",
    });
  });

  test.each([
    ["$json", "={{ $json.id }}", "{{ $json.id }} reads $json, which tooldeck does not evaluate"],
    [
      "another node",
      "={{ $('Webhook').item.json.q }}",
      "{{ $('Webhook').item.json.q }} reads $('Webhook'), which tooldeck does not evaluate",
    ],
    [
      "$credentials",
      "=Bearer {{$credentials.oauth2.access_token}}",
      "{{ $credentials.oauth2.access_token }} reads $credentials, which tooldeck does not evaluate",
    ],
    ["an operator", "={{ 1 + 2 }}", "{{ 1 + 2 }} is code tooldeck does not evaluate"],
    [
      "$fromAI beside $json",
      "={{ $fromAI('a') + $json.b }}",
      "{{ $fromAI('a') + $json.b }} reads $json, which tooldeck does not evaluate",
    ],
  ])("an expression reading %s is not evaluated", (_name, value, reason) => {
    expect(render(value)).toEqual({ ok: false, unsupported: reason });
  });
});

describe("n8n expressions: an attacker's workflow runs no code", () => {
  const attacks = [
    "={{ process.exit(1) }}",
    "={{ this.constructor.constructor('return process')() }}",
    "={{ (() => { throw new Error('x') })() }}",
    "={{ $fromAI('id').constructor.constructor('return process')() }}",
    "={{ $fromAI('id', '', 'string', globalThis.process) }}",
    "={{ JSON.stringify(require('fs')) }}",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the attacker writes a template literal
    "={{ `${process.env.HOME}` }}",
    "={{ $vars.__proto__.polluted }}",
    "={{ $vars.base_url.constructor }}",
    "={{ $fromAI(...['id']) }}",
    "={{ $fromAI?.('id') }}",
    "={{ /x/.exec('x') }}",
    "={{ import('node:fs') }}",
    "={{ $fromAI('id', '', 'json', { toString() { return process.pid } }) }}",
    "={{ $fromAI('id', '', 'json', { ['a']: 1 }) }}",
    "={{ $fromAI('id', '', 'json', { get a() { return 1 } }) }}",
    "={{ -'1' }}",
  ];
  test.each(attacks)("%s is refused, never evaluated", (value) => {
    const rendered = render(value, { id: "1" }, { base_url: "u" });
    expect(rendered.ok).toBe(false);
  });

  test("$vars.constructor is a variable lookup, never Object.prototype's", () => {
    expect(render("={{ $vars.constructor }}", {}, {})).toEqual({
      ok: false,
      unknownVariable: "$vars.constructor",
    });
  });

  test("a __proto__ or constructor argument is the model's own value, not an inherited one", () => {
    expect(render("=x{{ $fromAI('constructor') }}", {})).toEqual({ ok: true, value: "x" });
    expect(render("=x{{ $fromAI('toString') }}", JSON.parse('{"query": {}}'))).toEqual({
      ok: true,
      value: "x",
    });
  });

  test("a literal object's __proto__ key becomes an own key, the prototype untouched", () => {
    const rendered = render("={{ $fromAI('o', '', 'json', { \"__proto__\": { \"polluted\": 1 } }) }}");
    expect(rendered.ok).toBe(true);
    const value = (rendered as { value: Record<string, unknown> }).value;
    expect(Object.hasOwn(value, "__proto__")).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test("a literal nested past 64 levels is not evaluated (hostile depth)", () => {
    const deep = `={{ $fromAI('d', '', 'json', ${"[".repeat(70)}${"]".repeat(70)}) }}`;
    expect(render(deep).ok).toBe(false);
  });
});

describe("compiled parameters", () => {
  test("render every depth and keep an own __proto__ key", () => {
    const compiled = compileParameter({ parameters: [{ name: "__proto__", value: "={{ $fromAI('v') }}" }] });
    expect(renderParameter(compiled, { args: { v: "x" } })).toEqual({
      ok: true,
      value: {
        parameters: [Object.defineProperty({ name: "__proto__" }, "value", { value: "x", enumerable: true })],
      },
    });
    const deep = compileParameter({ __proto__: { a: "=b" } });
    const rendered = renderParameter(deep, { args: {} });
    expect(({} as Record<string, unknown>).a).toBeUndefined();
    expect(rendered.ok).toBe(true);
  });

  test("the first expression that cannot be evaluated fails the whole value", () => {
    const compiled = compileParameter(["={{ $fromAI('a') }}", "={{ $json.x }}"]);
    expect(renderParameter(compiled, { args: { a: 1 } })).toEqual({
      ok: false,
      unsupported: "{{ $json.x }} reads $json, which tooldeck does not evaluate",
    });
  });
});
