import { copyFileSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { packagePath } from "../../src/package/package-root.js";
import { tooldeckIn } from "../support/run-tooldeck.js";

const golden = (name: string) => packagePath("test", "lint", "fixes", "golden", name);

/** A copy of a golden input in a temp dir, as `name`: the folder to run tooldeck in. */
function copyOf(input: string, name: string): string {
  const dir = mkdtempSync(join(tmpdir(), "tooldeck-fix-formats-"));
  copyFileSync(golden(input), join(dir, name));
  return dir;
}

describe("check --fix on a Flowise export", () => {
  test("the request nodes' URLs, Max Output Length and schema rows are fixed in place (golden file)", async () => {
    const dir = copyOf("flowise-chatflow.json.golden", "flow.json");
    const { stderr } = await tooldeckIn(dir, ["check", "flow.json", "--fix"]);
    expect(stderr).toContain(
      'fixed flow.json: delete_event: replace {id} with :id; get_event: replace {id} with :id; get_event: remove maxOutputLength; get_event: set "in": "query"\n',
    );
    expect(stderr).toContain("fixed 4 findings in 1 file (1 pass)\n");
    expect(readFileSync(join(dir, "flow.json"), "utf8")).toBe(
      readFileSync(golden("flowise-chatflow.fixed.json.golden"), "utf8"),
    );
  });

  test("--fix-dry-run prints the diff of the export and writes nothing", async () => {
    const dir = copyOf("flowise-chatflow.json.golden", "flow.json");
    const { stderr } = await tooldeckIn(dir, ["check", "flow.json", "--fix-dry-run"]);
    expect(stderr).toContain('-                    "requestsGetUrl": "http://localhost:5566/events/{id}",\n');
    expect(stderr).toContain('+                    "requestsGetUrl": "http://localhost:5566/events/:id",\n');
    expect(readFileSync(join(dir, "flow.json"), "utf8")).toBe(
      readFileSync(golden("flowise-chatflow.json.golden"), "utf8"),
    );
  });
});
