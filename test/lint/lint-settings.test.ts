import { mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { loadLintSettings, readLintSettings } from "../../src/lint/lint-settings.js";

const RULES = ["operation-not-found", "probe"];

function dirWith(name: string, content: string): string {
  const dir = mkdtempSync(join(tmpdir(), "tooldeck-settings-"));
  writeFileSync(join(dir, name), content);
  return dir;
}

describe("loadLintSettings", () => {
  test("none found: no overrides", () => {
    expect(loadLintSettings(undefined, mkdtempSync(join(tmpdir(), "tooldeck-none-")), RULES)).toEqual({});
  });

  test("tooldeck.config.yaml in the folder is found", () => {
    const dir = dirWith("tooldeck.config.yaml", "rules:\n  probe: off\n");
    expect(loadLintSettings(undefined, dir, RULES)).toEqual({ probe: "off" });
  });

  test.each([
    ["invalid YAML", "rules: [", /tooldeck\.config\.yaml: /],
    ["an unknown severity", "rules:\n  probe: fatal\n", /tooldeck\.config\.yaml: rules\.probe: /],
    ["an unknown top-level key", "rule: {}\n", /tooldeck\.config\.yaml: Unrecognized key: "rule"/],
    [
      "an unknown rule",
      "rules:\n  prob: off\n",
      /rules\.prob: no such rule, did you mean probe\? \(rules: operation-not-found, probe\)/,
    ],
    [
      "a rule no name is near: no guess",
      "rules:\n  frobnicate: off\n",
      /rules\.frobnicate: no such rule \(rules: operation-not-found, probe\)/,
    ],
  ])("%s is one load error naming the file", (_label, content, message) => {
    const dir = dirWith("tooldeck.config.yaml", content);
    expect(() => loadLintSettings(undefined, dir, RULES)).toThrow(message);
  });

  test("a tooldeck.config.yaml that is a symlink out of the project is refused unread", () => {
    const outside = dirWith("config", "apiVersion: v1\nkind: Config\nusers: []\n");
    const dir = dirWith("x.yaml", "");
    symlinkSync(join(outside, "config"), join(dir, "tooldeck.config.yaml"));
    let message = "";
    try {
      loadLintSettings(undefined, dir, RULES, [dir]);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe(
      `tooldeck.config.yaml is a symlink to ${join(outside, "config")} outside the project; pass --root to widen it`,
    );
    expect(() => loadLintSettings(undefined, dir, RULES, [dir, outside])).toThrow(
      'Unrecognized keys: "apiVersion", "kind", "users"',
    );
  });
});

describe("readLintSettings says where the severities came from", () => {
  test("the name found in the folder, the path given, or none", () => {
    const dir = dirWith("tooldeck.config.yml", "rules:\n  probe: info\n");
    expect(readLintSettings(undefined, dir, RULES)).toEqual({
      rules: { probe: "info" },
      ruleOrigins: {},
      overrides: [],
      plugins: [],
      apis: new Map(),
      flowiseTools: new Map(),
      difyProviders: new Map(),
      source: "tooldeck.config.yml",
      dir,
    });
    const given = join(dir, "tooldeck.config.yml");
    expect(readLintSettings(given, "/nonexistent", RULES).source).toBe(given);
    const none = mkdtempSync(join(tmpdir(), "tooldeck-none-"));
    expect(readLintSettings(undefined, none, RULES)).toEqual({
      rules: {},
      ruleOrigins: {},
      overrides: [],
      plugins: [],
      apis: new Map(),
      flowiseTools: new Map(),
      difyProviders: new Map(),
      source: undefined,
      dir: none,
    });
  });
});

describe("overrides", () => {
  test("each entry as lists, named by its place in the file", () => {
    const dir = dirWith(
      "tooldeck.config.yaml",
      "overrides:\n  - files: flows/*.json\n    rules: { probe: 'off' }\n    reason: staging only\n  - files: [a.yaml, b/**]\n    tools: get_events\n    rules: { operation-not-found: warning }\n",
    );
    expect(readLintSettings(undefined, dir, RULES).overrides).toEqual([
      {
        files: ["flows/*.json"],
        rules: { probe: "off" },
        reason: "staging only",
        origin: "tooldeck.config.yaml overrides[0]",
      },
      {
        files: ["a.yaml", "b/**"],
        tools: ["get_events"],
        rules: { "operation-not-found": "warning" },
        origin: "tooldeck.config.yaml overrides[1]",
      },
    ]);
  });

  test.each([
    [
      "no files",
      "overrides:\n  - rules: { probe: 'off' }\n",
      /tooldeck\.config\.yaml: overrides\[0\]\.files: /,
    ],
    [
      "an unknown key",
      "overrides:\n  - files: a\n    rule: {}\n    rules: {}\n",
      /overrides\[0\]: Unrecognized key: "rule"/,
    ],
    [
      "an unknown rule",
      "overrides:\n  - files: a\n    rules: { prob: 'off' }\n",
      /^tooldeck\.config\.yaml: overrides\[0\]\.rules\.prob: no such rule, did you mean probe\?/,
    ],
  ])("%s is one load error naming the file", (_label, content, message) => {
    const dir = dirWith("tooldeck.config.yaml", content);
    expect(() => readLintSettings(undefined, dir, RULES)).toThrow(message);
  });
});

describe("apis: the project's APIs", () => {
  test("each spec is resolved from the settings file's folder, with its hosts and base URL variable", () => {
    const dir = dirWith(
      "tooldeck.config.yaml",
      "apis:\n  events:\n    spec: specs/events.yaml\n    hosts: [events.example.com]\n    baseUrlVar: base_url\n",
    );
    expect([...readLintSettings(undefined, dir, RULES).apis]).toEqual([
      [
        "events",
        {
          spec: join(dir, "specs/events.yaml"),
          hosts: ["events.example.com"],
          baseUrlVar: "base_url",
          origin: "apis.events in tooldeck.config.yaml",
        },
      ],
    ]);
  });

  test.each([
    ["an entry without spec", "apis:\n  events:\n    hosts: [a.test]\n"],
    ["an unknown key", "apis:\n  events:\n    spec: a.yaml\n    host: a.test\n"],
    [
      "a base URL variable that is no name",
      "apis:\n  events:\n    spec: a.yaml\n    baseUrlVar: '{{$vars.x}}'\n",
    ],
  ])("%s is one load error naming the file", (_case, text) => {
    const dir = dirWith("tooldeck.config.yaml", text);
    expect(() => readLintSettings(undefined, dir, RULES)).toThrow(/tooldeck\.config\.yaml: apis\.events/);
  });
});

describe("flowise.tools: the files of the Custom Tools flows name by id", () => {
  test("each file is resolved from the settings file's folder, named by where it was linked", () => {
    const dir = dirWith("tooldeck.config.yaml", "flowise:\n  tools:\n    4d72-id: exports/update.json\n");
    expect([...readLintSettings(undefined, dir, RULES).flowiseTools]).toEqual([
      [
        "4d72-id",
        { file: join(dir, "exports/update.json"), origin: "flowise.tools.4d72-id in tooldeck.config.yaml" },
      ],
    ]);
  });

  test.each([
    ["an unknown key", "flowise:\n  tool:\n    a: b.json\n", /tooldeck\.config\.yaml: flowise: /],
    ["an empty file name", "flowise:\n  tools:\n    a: ''\n", /tooldeck\.config\.yaml: flowise\.tools\.a: /],
  ])("%s is one load error naming the file", (_case, text, message) => {
    const dir = dirWith("tooldeck.config.yaml", text);
    expect(() => readLintSettings(undefined, dir, RULES)).toThrow(message);
  });
});

describe("dify.providers: the documents of the custom tool providers Dify apps name", () => {
  test("each file is resolved from the settings file's folder, named by where it was named", () => {
    const dir = dirWith("tooldeck.config.yaml", "dify:\n  providers:\n    weather: providers/weather.yaml\n");
    expect([...readLintSettings(undefined, dir, RULES).difyProviders]).toEqual([
      [
        "weather",
        {
          file: join(dir, "providers/weather.yaml"),
          origin: "dify.providers.weather in tooldeck.config.yaml",
        },
      ],
    ]);
  });

  test.each([
    ["an unknown key", "dify:\n  provider:\n    a: b.json\n", /tooldeck\.config\.yaml: dify: /],
    [
      "an empty file name",
      "dify:\n  providers:\n    a: ''\n",
      /tooldeck\.config\.yaml: dify\.providers\.a: /,
    ],
    [
      "a file that is no text",
      "dify:\n  providers:\n    a: [x]\n",
      /tooldeck\.config\.yaml: dify\.providers\.a: /,
    ],
  ])("%s is one load error naming the file", (_case, text, message) => {
    const dir = dirWith("tooldeck.config.yaml", text);
    expect(() => readLintSettings(undefined, dir, RULES)).toThrow(message);
  });
});

describe("providers: in tooldeck.config.*", () => {
  test.each([
    ["one id", "providers: anthropic\n", ["anthropic"]],
    ["a list", "providers: [openai, gemini]\n", ["openai", "gemini"]],
  ])("%s: the providers provider-rejects judges against", (_label, content, providers) => {
    expect(readLintSettings(undefined, dirWith("tooldeck.config.yaml", content), RULES).providers).toEqual(
      providers,
    );
  });

  test("an id no profile has is a load error naming the file", () => {
    const dir = dirWith("tooldeck.config.yaml", "providers: [openia]\n");
    expect(() => readLintSettings(undefined, dir, RULES)).toThrow(/tooldeck\.config\.yaml: providers/);
  });

  test("none written: none chosen", () => {
    expect(
      readLintSettings(undefined, dirWith("tooldeck.config.yaml", "rules: {}\n"), RULES).providers,
    ).toBeUndefined();
  });
});
