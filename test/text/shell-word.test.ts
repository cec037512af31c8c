import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { toShellWord } from "../../src/text/shell-word.js";

describe("toShellWord: a text as one shell word that means exactly that text", () => {
  test.each([
    ["flows/", "flows/"],
    ["api/openapi.yaml", "api/openapi.yaml"],
    ["--spec", "--spec"],
    ["tools$(touch pwned)/", "'tools$(touch pwned)/'"],
    ["it's here", "'it'\\''s here'"],
    ["", "''"],
  ])("%j is written %s", (text, word) => {
    expect(toShellWord(text)).toBe(word);
  });

  test("bash reads each hostile word back as the text, and runs nothing", () => {
    const dir = mkdtempSync(join(tmpdir(), "tooldeck-shell-word-"));
    const hostile = [
      "tools$(touch pwned1)/",
      "`touch pwned2`",
      "a'; touch pwned3; echo '",
      'a"; touch pwned4; echo "',
      "a\\'b",
      `$HOME \${PATH} $((1+1))`,
      "*",
      "~",
      "a b\tc",
      "x;touch pwned5&&touch pwned6|cat>pwned7",
      "!! #comment",
    ];
    const script = hostile.map((text) => `printf '%s\\0' ${toShellWord(text)}`).join("\n");
    const printed = execFileSync("bash", ["--noprofile", "--norc", "-c", script], {
      cwd: dir,
      encoding: "utf8",
    });
    expect(printed.split("\0").slice(0, -1)).toEqual(hostile);
    expect(readdirSync(dir)).toEqual([]);
  });
});
