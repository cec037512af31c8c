import { copyFileSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import { applyFixes } from "../../../src/lint/apply-fixes.js";
import type { ConfigChange, Diagnostic } from "../../../src/lint/diagnostic.js";

const golden = (name: string) => join(import.meta.dirname, "golden", name);

function fixOf(file: string, configPath: string, changes: ConfigChange[]): Diagnostic {
  return {
    code: "x",
    severity: "error",
    tool: "t",
    file,
    path: configPath,
    message: "m",
    fix: { description: "fix it", changes, configPath },
  };
}

test("tooldeck YAML keeps its quoting and comments: only the fixed values change, byte for byte (golden file)", () => {
  const file = join(mkdtempSync(join(tmpdir(), "tooldeck-yaml-fix-")), "tools.yaml");
  copyFileSync(golden("quoted-urls.yaml"), file);
  const outcome = applyFixes([
    fixOf(file, "[0]", [{ path: "[0].url", value: "{{$vars.base_url}}/events/:id" }]),
    fixOf(file, "[1]", [
      { path: "[1].url", value: "http://localhost:5566/events/:id" },
      { path: "[1].queryParamsSchema.id.description", value: "the event's id, a number" },
    ]),
  ]);
  expect(outcome.skipped).toEqual([]);
  expect(readFileSync(file, "utf8")).toBe(readFileSync(golden("quoted-urls.fixed.yaml"), "utf8"));
});

test("a key removed or added too: the document is printed, quoting and comments still kept", () => {
  const file = join(mkdtempSync(join(tmpdir(), "tooldeck-yaml-fix-")), "tools.yaml");
  copyFileSync(golden("quoted-urls.yaml"), file);
  applyFixes([
    fixOf(file, "[0]", [{ path: "[0].queryParamsSchema.id.description", value: "the event" }]),
    fixOf(file, "[1]", [
      { path: "[1].url", value: "http://localhost:5566/events/:id" },
      { path: "[1].maxOutputLength" },
    ]),
  ]);
  expect(readFileSync(file, "utf8")).toBe(
    readFileSync(golden("quoted-urls.yaml"), "utf8")
      .replace('"http://localhost:5566/events/{id}"   #', '"http://localhost:5566/events/:id" #')
      .replace("  maxOutputLength: 0 # no limit\n", "")
      .replace("required: true } # the event", "required: true, description: the event } # the event"),
  );
});
