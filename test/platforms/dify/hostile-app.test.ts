import { describe, expect, test } from "vitest";
import { loadToolConfigs } from "../../../src/config/load-tool-configs.js";

/**
 * Dify app files written to hurt the loader: a YAML alias bomb, nesting past the reader's limit, a graph
 * of many aliases of one node, prototype keys. Each is refused or read in bounded work, never a hang.
 */

const HEAD = "kind: app\nversion: '0.6.0'\napp: {mode: workflow}\n";

function fromStdin(text: string) {
  return loadToolConfigs(["-"], { stdin: text });
}

describe("a hostile Dify app", () => {
  test("a billion-laughs alias bomb in a node's data is refused as the YAML reader refuses it", () => {
    const levels = Array.from({ length: 9 }, (_, index) => {
      const previous = index === 0 ? "'lol'" : `*l${index - 1}`;
      return `l${index}: &l${index} [${Array(10).fill(previous).join(", ")}]`;
    });
    const text = `${HEAD}bomb:\n${levels.map((line) => `  ${line}`).join("\n")}\nworkflow:\n  graph:\n    nodes:\n    - id: a\n      data: {type: http-request, title: A, method: get, url: 'https://x', headers: *l8}\n`;
    const loaded = fromStdin(text);
    expect(loaded.tools).toEqual([]);
    expect(loaded.errors).toHaveLength(1);
    expect(loaded.errors[0]?.message).toMatch(/alias|expand/i);
  });

  test("nesting past the reader's depth limit is refused", () => {
    const deep = `${"[".repeat(200)}${"]".repeat(200)}`;
    const loaded = fromStdin(`${HEAD}workflow:\n  graph:\n    nodes: ${deep}\n`);
    expect(loaded.tools).toEqual([]);
    expect(loaded.errors.map((error) => error.message)).toEqual([
      expect.stringMatching(/^invalid YAML .*(deep|nest)/),
    ]);
  });

  test("a graph of 5,000 aliases of one node: one tool, each repeat a duplicate id error", () => {
    const nodes = Array(5000).fill("*n").join(", ");
    const text = `${HEAD}shared: &n {id: a, data: {type: http-request, title: A, method: get, url: 'https://x'}}\nworkflow:\n  graph:\n    nodes: [${nodes}]\n`;
    const loaded = fromStdin(text);
    expect(loaded.tools).toHaveLength(1);
    expect(loaded.errors).toHaveLength(4999);
    expect(loaded.errors[0]?.message).toBe("Duplicate graph node id: a");
  });

  test("prototype keys are names like any other: no prototype is touched", () => {
    const text = `${HEAD}workflow:\n  environment_variables:\n  - {name: __proto__, value: polluted, value_type: string}\n  - {name: constructor, value: x, value_type: string}\n  graph:\n    nodes:\n    - id: __proto__\n      data: {type: http-request, title: __proto__, method: get, url: 'https://x', __proto__: {polluted: true}}\n`;
    const loaded = fromStdin(text);
    expect(loaded.errors).toEqual([]);
    expect(loaded.tools.map((tool) => tool.config.name)).toEqual(["__proto__"]);
    expect(Object.keys(loaded.vars ?? {})).toEqual(["__proto__", "constructor"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
