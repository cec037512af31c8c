import { describe, expect, test } from "vitest";
import { difyVariablePool } from "../../../../src/platforms/dify/runtime/dify-variable-pool.js";
import { pythonSplitLines } from "../../../../src/platforms/dify/runtime/python-lines.js";
import { renderDifyTemplate } from "../../../../src/platforms/dify/runtime/render-dify-template.js";

const pool = difyVariablePool(
  { "start.title": 'a "quoted" title', "start.flag": true, "sys.query": "hello" },
  { base_url: "http://127.0.0.1:8080" },
);

describe("rendering a template (facts 22–25)", () => {
  test("fact 22: values are inserted raw, no quoting or escaping", () => {
    expect(renderDifyTemplate('{"title": "{{#start.title#}}"}', pool)).toBe('{"title": "a "quoted" title"}');
  });

  test("fact 23: a boolean is inserted as True", () => {
    expect(renderDifyTemplate('{"flag": {{#start.flag#}}}', pool)).toBe('{"flag": True}');
  });

  test("fact 24: an unresolved reference renders as its bare selector", () => {
    expect(renderDifyTemplate("https://x/{{#abc.q#}}", pool)).toBe("https://x/abc.q");
  });

  test("fact 25: env values come from tooldeck's variables", () => {
    expect(renderDifyTemplate("{{#env.base_url#}}/events", pool)).toBe("http://127.0.0.1:8080/events");
  });

  test("fact 25: a literal chunk that is exactly a selector the run holds is looked up too", () => {
    expect(renderDifyTemplate("sys.query", pool)).toBe("hello");
    expect(renderDifyTemplate("see sys.query", pool)).toBe("see sys.query");
  });

  test("fact 9: a reference that does not match the pattern is plain text", () => {
    expect(renderDifyTemplate("{{#start.1x#}} {{#start title#}}", pool)).toBe(
      "{{#start.1x#}} {{#start title#}}",
    );
  });
});

describe("Python's splitlines (facts 27–28)", () => {
  test("every Python line break ends a line; no empty last line", () => {
    expect(pythonSplitLines("a\r\nb\rc\nd\u000be\u2028f\n")).toEqual(["a", "b", "c", "d", "e", "f"]);
    expect(pythonSplitLines("")).toEqual([]);
  });
});
