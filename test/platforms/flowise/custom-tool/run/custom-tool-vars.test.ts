import { describe, expect, test } from "vitest";
import { varsRead } from "../../../../../src/platforms/flowise/custom-tool/analysis/vars-read.js";
import { outputOf } from "./custom-tool-harness.js";

const VARS = { vars: { a: "A", secret: "S3CRET" } };

describe("$vars holds only the variables the code reads", () => {
  test.each([
    [
      "a global read by a built name",
      "$vars.a; return JSON.stringify(globalThis['$v' + 'ars']);",
      '{"a":"A"}',
    ],
    ["its keys listed", "$vars.a; return Object.keys(globalThis['$' + 'vars']).join();", "a"],
    [
      "the global object of a sloppy function",
      "$vars.a; return JSON.stringify((function () { return this; })()['$' + 'vars']);",
      '{"a":"A"}',
    ],
    [
      "a name the code does not read",
      "$vars.a; return String(globalThis['$vars']['sec' + 'ret']);",
      "undefined",
    ],
    [
      "eval",
      "$vars.a; return eval('JSON.stringify($' + 'vars)');",
      "NodeVM Execution Error: EvalError: Code generation from strings disallowed for this context",
    ],
    [
      "Function",
      "$vars.a; return Function('return JSON.stringify($' + 'vars)')();",
      "NodeVM Execution Error: EvalError: Code generation from strings disallowed for this context",
    ],
  ])("code reading $vars.a cannot see $vars.secret through %s", async (_, code, output) => {
    const seen = await outputOf(code, {}, [], VARS);
    expect(seen).toBe(output);
    expect(seen).not.toContain("S3CRET");
  });

  test("code that names no variable gets none", async () => {
    expect(await outputOf("return JSON.stringify(globalThis['$' + 'vars']);", {}, [], VARS)).toBe("{}");
  });

  test("code that reads $vars as a whole gets every variable, and a warning says so", async () => {
    const warnings: string[] = [];
    const output = await outputOf("return JSON.stringify($vars);", {}, [], VARS, {
      onWarning: (message) => warnings.push(message),
    });
    expect(output).toBe('{"a":"A","secret":"S3CRET"}');
    expect(warnings).toEqual([
      "custom tool case_tool: line 1 reads $vars as a whole, not as $vars.<name>: its code is given every variable, secrets included",
    ]);
  });

  test.each([
    ["return $vars.a + $vars['b'];", { names: new Set(["a", "b"]) }],
    ["const k = 'a';\nreturn $vars[k];", { all: true, line: 2 }],
    ["const { a } = $vars; return a;", { all: true, line: 1 }],
    ["return send($vars);", { all: true, line: 1 }],
    ["return x.$vars + ({ $vars: 1 }).$vars;", { names: new Set() }],
    ["return (", { names: new Set() }],
  ])("%s reads %o", (code, read) => {
    expect(varsRead(code)).toEqual(read);
  });
});
