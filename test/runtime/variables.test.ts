import { describe, expect, test } from "vitest";
import {
  prepareVariablesDeep,
  type ResolveOptions,
  resolveVariables,
  resolveVariablesDeep,
  type VariableContext,
} from "../../src/runtime/variables.js";

const CONTEXT: VariableContext = {
  vars: { base_url: "http://api.test", token: "t0k" },
  flowState: { user: { id: 7 }, name: "Ada" },
  question: "hi?",
  now: () => new Date("2025-01-02T03:04:05Z"),
};
const STRICT: ResolveOptions = { keepUnknown: false };
const LENIENT: ResolveOptions = { keepUnknown: true };
const CHATFLOW: ResolveOptions = { keepUnknown: true, chatflow: true };

describe("resolveVariables", () => {
  test.each([
    ["no variables", "http://x/y", STRICT, { ok: true, text: "http://x/y" }],
    ["$vars", "{{$vars.base_url}}/events", STRICT, { ok: true, text: "http://api.test/events" }],
    [
      "several, spaces inside the braces",
      "a{{ $vars.token }}b{{question}}c{{$flow.state.name}}",
      STRICT,
      { ok: true, text: "at0kbhi?cAda" },
    ],
    ["$flow.state as JSON", "{{$flow.state.user}}", STRICT, { ok: true, text: '{"id":7}' }],
    ["the clock", "{{current_date_time}}", STRICT, { ok: true, text: "2025-01-02T03:04:05.000Z" }],
    ["the first unknown", "{{$vars.a}}{{$vars.token}}{{$vars.b}}", STRICT, { ok: false, unknown: "$vars.a" }],
    ["unknown kept", "x{{$vars.a}}y{{ $vars.token }}", LENIENT, { ok: true, text: "x{{$vars.a}}yt0k" }],
    [
      "a chatflow keeps spaced ones and the clock",
      "{{ $vars.token }}|{{$vars.token}}|{{current_date_time}}",
      CHATFLOW,
      { ok: true, text: "{{ $vars.token }}|t0k|{{current_date_time}}" },
    ],
    ["braces that are no variable", "{{{a}}} {x}", LENIENT, { ok: true, text: "{{{a}}} {x}" }],
  ])("%s", (_, text, options, expected) => {
    expect(resolveVariables(text, CONTEXT, options)).toEqual(expected);
  });
});

describe("prepareVariablesDeep", () => {
  const body = { url: "{{$vars.base_url}}/x", list: ["{{question}}", 3, null], nested: { keep: true } };

  test("resolves every string inside, as resolveVariablesDeep does", () => {
    const expected = { url: "http://api.test/x", list: ["hi?", 3, null], nested: { keep: true } };
    expect(prepareVariablesDeep(body, STRICT)(CONTEXT)).toEqual({ ok: true, value: expected });
    expect(resolveVariablesDeep(body, CONTEXT, STRICT)).toEqual({ ok: true, value: expected });
  });

  test("a body field named __proto__ (as JSON.parse makes it) is sent as a field, never made the prototype", () => {
    const hostile = JSON.parse('{"__proto__": {"isAdmin": "{{question}}"}, "name": "x"}');
    const resolved = prepareVariablesDeep(hostile, STRICT)(CONTEXT);
    expect(resolved.ok).toBe(true);
    const value = (resolved as { value: Record<string, unknown> }).value;
    expect(JSON.stringify(value)).toBe('{"__proto__":{"isAdmin":"hi?"},"name":"x"}');
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect((value as { isAdmin?: unknown }).isAdmin).toBeUndefined();
  });

  test("looks variables up on each call, not when prepared", () => {
    const resolve = prepareVariablesDeep(body, STRICT);
    expect(resolve({ ...CONTEXT, question: "one" })).toMatchObject({ value: { list: ["one", 3, null] } });
    expect(resolve({ ...CONTEXT, question: "two" })).toMatchObject({ value: { list: ["two", 3, null] } });
    expect(resolve({})).toEqual({ ok: false, unknown: "$vars.base_url" });
  });

  test("a value without variables is itself, and is never copied or changed", () => {
    const headers = { Accept: "application/json", nested: ["a", { b: 1 }] };
    const resolved = prepareVariablesDeep(headers, STRICT)(CONTEXT);
    expect(resolved).toEqual({ ok: true, value: headers });
    expect(resolved.ok && resolved.value).toBe(headers);
    expect(prepareVariablesDeep(42, STRICT)(CONTEXT)).toEqual({ ok: true, value: 42 });
  });

  test("the unknown variable reported is the first in document order", () => {
    const value = { a: "{{$vars.token}}", b: ["{{$vars.first}}"], c: "{{$vars.second}}" };
    expect(prepareVariablesDeep(value, STRICT)(CONTEXT)).toEqual({ ok: false, unknown: "$vars.first" });
  });
});
