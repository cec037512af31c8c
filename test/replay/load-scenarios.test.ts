import { mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { isToolDeckError } from "../../src/errors.js";
import { loadScenarios } from "../../src/replay/load-scenarios.js";

function scenarioFile(content: string, name = "s.yaml"): { dir: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), "tooldeck-scenarios-"));
  writeFileSync(join(dir, name), content);
  return { dir, file: name };
}

const VALID = `
tools: [../tools/]
messages: hi
model: { scripted: [{ answer: hello }] }
`;

describe("loadScenarios", () => {
  test("defaults; paths resolved against the file; one scenario per profile, each with its cassette", () => {
    const { dir, file } = scenarioFile(`${VALID}profile: [standard, flowise]\n`, "list.yaml");
    const scenarios = loadScenarios(file, { cwd: dir });
    expect(scenarios.map((scenario) => [scenario.name, scenario.profile, scenario.cassette])).toEqual([
      ["list", "standard", join(dir, "cassettes", "list.standard.cassette.json")],
      ["list", "flowise", join(dir, "cassettes", "list.flowise.cassette.json")],
    ]);
    expect(scenarios[0]).toMatchObject({
      file: "list.yaml",
      tools: [join(dir, "..", "tools")],
      messages: ["hi"],
      vars: {},
      now: new Date("2024-07-01T09:00:00.000Z"),
      before: [],
      after: [],
      expect: { trajectory: "strict", args: "exact" },
    });
  });

  test("a named cassette is per profile when the scenario runs under both", () => {
    const { dir, file } = scenarioFile(`${VALID}profile: [standard, flowise]\ncassette: tapes/list.json\n`);
    expect(loadScenarios(file, { cwd: dir }).map((scenario) => scenario.cassette)).toEqual([
      join(dir, "tapes", "list.standard.json"),
      join(dir, "tapes", "list.flowise.json"),
    ]);
  });

  test.each([
    [
      "invalid YAML",
      "tools: [a\nmessages: b",
      "s.yaml: invalid YAML (deficient indentation at line 2, column 1)",
    ],
    ["an empty file", "", "s.yaml: empty file"],
    [
      "no messages",
      "tools: [a]\nmodel: { scripted: [{ answer: x }] }",
      "s.yaml: messages: expected the user's message, or a list of messages",
    ],
    [
      "a model that is neither",
      `${VALID.replace("model: { scripted: [{ answer: hello }] }", "model: gpt-4o")}`,
      "s.yaml: model: expected provider:model, e.g. openai:gpt-4o-mini",
    ],
    ["a misspelt key", `${VALID}expct: {}`, 's.yaml: Unrecognized key: "expct"'],
    [
      "an unknown trajectory mode",
      `${VALID}expect: { trajectory: loose }`,
      's.yaml: expect.trajectory: Invalid option: expected one of "strict"|"unordered"|"subset"|"superset"',
    ],
    [
      "a bad status deep inside",
      `${VALID}expect: { calls: [{ tool: a, status: 999 }] }`,
      "s.yaml: expect.calls[0].status: Too big: expected number to be <=599",
    ],
    [
      "an unknown profile",
      `${VALID}profile: langchain`,
      "s.yaml: profile: expected standard, n8n, flowise, or a list of them",
    ],
    ["a clock that is not ISO", `${VALID}now: yesterday`, "s.yaml: now: Invalid ISO datetime"],
    [
      "an answer pattern with lookaround",
      `${VALID}expect: { answer: { matches: "^(?!error).*$" } }`,
      "s.yaml: expect.answer.matches: /^(?!error).*$/: RE2 cannot run lookaround",
    ],
    [
      "an answer pattern with a backreference",
      `${VALID}expect: { answer: { matches: '(a+)\\1' } }`,
      "s.yaml: expect.answer.matches: /(a+)\\1/: RE2 cannot run a backreference",
    ],
    [
      "an answer pattern that is none",
      `${VALID}expect: { answer: { matches: "(" } }`,
      "s.yaml: expect.answer.matches: /(/: not a regular expression",
    ],
  ])("%s is one load error naming file and path", (_name, content, message) => {
    const { dir, file } = scenarioFile(content);
    let caught: unknown;
    try {
      loadScenarios(file, { cwd: dir });
    } catch (error) {
      caught = error;
    }
    expect(isToolDeckError(caught) && caught.code).toBe("load");
    expect((caught as Error).message).toBe(message);
  });
});

describe("a hostile scenario stays in its place", () => {
  const loadError = (content: string, setup?: (dir: string) => void): string => {
    const { dir, file } = scenarioFile(content);
    setup?.(dir);
    try {
      loadScenarios(file, { cwd: dir });
    } catch (error) {
      return (error as Error).message;
    }
    throw new Error("loaded");
  };

  test.each([
    ["a relative path out", "../../../../etc/cron.d/pwn.json"],
    ["an absolute path", "/etc/cron.d/pwn.json"],
  ])("a cassette at %s is refused", (_name, cassette) => {
    expect(loadError(`${VALID}cassette: ${cassette}\n`)).toMatch(
      /^s\.yaml: cassette ".*pwn\.json" is outside the scenario's folder$/,
    );
  });

  test("a cassette through a symlink out of the folder is refused", () => {
    const outside = mkdtempSync(join(tmpdir(), "tooldeck-outside-"));
    expect(
      loadError(`${VALID}cassette: tapes/c.json\n`, (dir) => symlinkSync(outside, join(dir, "tapes"))),
    ).toBe(`s.yaml: cassette "tapes/c.json" is outside the scenario's folder`);
  });

  test.each([
    ["the cassette itself", "c.json", (outside: string) => join(outside, "pwn.json")],
    [
      "the default cassettes folder",
      "cassettes/s.standard.cassette.json",
      (outside: string) => join(outside, "made"),
    ],
  ])("a dangling symlink out of the folder (%s) is refused", (_name, link, target) => {
    const outside = mkdtempSync(join(tmpdir(), "tooldeck-outside-"));
    const cassette = link === "c.json" ? "cassette: c.json\n" : "";
    const message = loadError(`${VALID}${cassette}`, (dir) => {
      symlinkSync(target(outside), join(dir, link === "c.json" ? link : "cassettes"), "dir");
    });
    expect(message).toBe(`s.yaml: cassette "${link}" is outside the scenario's folder`);
  });

  test("the error quotes an absolute cassette path as written", () => {
    expect(loadError(`${VALID}cassette: /tmp/pwn.json\n`)).toBe(
      `s.yaml: cassette "/tmp/pwn.json" is outside the scenario's folder`,
    );
  });

  test("tools outside the project are refused", () => {
    expect(loadError(`tools: [/etc]\nmessages: hi\nmodel: { scripted: [{ answer: hello }] }\n`)).toMatch(
      /^s\.yaml: tools "(\.\.\/)+etc" is outside the project \(.*\); widen it with --root$/,
    );
  });

  test("--root widens the project for a scenario's tools", () => {
    const outside = mkdtempSync(join(tmpdir(), "tooldeck-outside-"));
    const { dir, file } = scenarioFile(
      `tools: [${outside}]\nmessages: hi\nmodel: { scripted: [{ answer: hello }] }\n`,
    );
    expect(loadScenarios(file, { cwd: dir, roots: [outside] })[0]?.tools).toEqual([outside]);
  });
});
