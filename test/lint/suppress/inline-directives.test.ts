import { describe, expect, test } from "vitest";
import { readInlineDirectives } from "../../../src/lint/suppress/inline-directives.js";

describe("readInlineDirectives", () => {
  test.each([
    [
      "next line, with a reason",
      "# tooldeck-disable-next-line probe -- legacy host\nurl: x\n",
      [{ kind: "disable-next-line", rules: ["probe"], reason: "legacy host", line: 1, target: 2 }],
    ],
    [
      "several rules, by commas or blanks; no reason",
      "a: 1\n  #   tooldeck-disable-next-line probe, tool-name  body-fields\nb: 2\n",
      [{ kind: "disable-next-line", rules: ["probe", "tool-name", "body-fields"], line: 2, target: 3 }],
    ],
    [
      "stacked comments reach the same line, blanks and comments skipped",
      "# tooldeck-disable-next-line probe\n# tooldeck-disable-next-line tool-name\n\n# note\nurl: x\n",
      [
        { kind: "disable-next-line", rules: ["probe"], line: 1, target: 5 },
        { kind: "disable-next-line", rules: ["tool-name"], line: 2, target: 5 },
      ],
    ],
    [
      "a block, its reason with dashes in it",
      "# tooldeck-disable probe -- see ADR-12 -- and 13\na: 1\n# tooldeck-enable probe\n",
      [
        { kind: "disable", rules: ["probe"], reason: "see ADR-12 -- and 13", line: 1 },
        { kind: "enable", rules: ["probe"], line: 3 },
      ],
    ],
    [
      "a comment after a value counts; text inside strings and block scalars does not",
      'a: 1 # tooldeck-disable-next-line probe\nb: "# tooldeck-disable-next-line x"\nc: |\n  # tooldeck-disable x\nd: 2\n',
      [{ kind: "disable-next-line", rules: ["probe"], line: 1, target: 2 }],
    ],
    ["no directive at all", "# tooldeck checks this file\nurl: x\n", []],
  ])("%s", (_label, text, expected) => {
    const { directives, problems } = readInlineDirectives(text);
    expect(problems).toEqual([]);
    expect(directives).toEqual(expected);
  });

  test.each([
    [
      "an unknown directive",
      "# tooldeck-disable-line probe\n",
      "tooldeck-disable-line is no directive (directives: tooldeck-disable-next-line, tooldeck-disable, tooldeck-enable)",
    ],
    [
      "a directive naming no rule",
      "x: 1\n# tooldeck-disable -- everything\n",
      "tooldeck-disable names no rule (write the rule's id after it)",
    ],
  ])("%s is a problem on its line", (_label, text, message) => {
    const { directives, problems } = readInlineDirectives(text);
    expect(directives).toEqual([]);
    expect(problems).toEqual([{ line: text.startsWith("x") ? 2 : 1, message }]);
  });
});
