import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { parseVars } from "../../src/cli/tool-options.js";

function varsFile(text: string): string {
  const file = join(mkdtempSync(join(tmpdir(), "tooldeck-vars-")), "vars.yaml");
  writeFileSync(file, text);
  return file;
}

describe("parseVars", () => {
  test("a vars file's secrets: are variables marked secret; the rest are plain", () => {
    expect(parseVars(varsFile("region: Tech\nlimit: 5\nsecrets:\n  aws: wJal/rX+U=\n"))).toEqual({
      vars: { region: "Tech", limit: "5", aws: "wJal/rX+U=" },
      secret: ["aws"],
    });
  });

  test("--var then --secret over the file; a name marked anywhere stays secret", () => {
    const file = varsFile("secrets:\n  tok: from-file\nregion: Tech\n");
    expect(parseVars(file, ["tok=from-var", "region=EU"], ["key=k-1", "region=Moon"])).toEqual({
      vars: { tok: "from-var", region: "Moon", key: "k-1" },
      secret: ["tok", "key", "region"],
    });
  });

  test("a plain secrets: value is a variable of that name", () => {
    expect(parseVars(varsFile("secrets: s3cr3t\n"))).toEqual({ vars: { secrets: "s3cr3t" }, secret: [] });
  });

  test.each([
    ["secrets:\n  - aws\n", "secrets: must be an object of KEY: value"],
    ["- region\n", "variables must be an object of KEY: value"],
  ])("%j is refused with one line", (text, message) => {
    const file = varsFile(text);
    expect(() => parseVars(file)).toThrow(`${file}: ${message}`);
  });
});
