import { copyFileSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { packagePath } from "../../src/package/package-root.js";
import { tooldeckIn } from "../support/run-tooldeck.js";

const golden = (name: string) => packagePath("test", "lint", "fixes", "golden", name);

/** A copy of a golden input in a temp dir, as `name`, beside the Event API: the folder to run tooldeck in. */
function copyOf(input: string, name: string): string {
  const dir = mkdtempSync(join(tmpdir(), "tooldeck-fix-formats-"));
  copyFileSync(golden(input), join(dir, name));
  copyFileSync(golden("event-api.yaml"), join(dir, "api.yaml"));
  return dir;
}

const SPEC = ["--spec", "api.yaml", "--var", "base_url=http://localhost:5566"];

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

describe("check --fix on an n8n workflow", () => {
  test("a query row the service does not declare is a suggestion: --fix says so and leaves the file", async () => {
    const dir = copyOf("n8n-workflow.json.golden", "wf.json");
    const { stderr } = await tooldeckIn(dir, ["check", "wf.json", ...SPEC, "--fix"]);
    expect(stderr).toContain(
      "not fixed: wf.json: get_events: a suggestion, not a fix: it drops the argument limit the model could send (apply it with --fix-suggestions or --fix-rule undeclared-query-param)\n",
    );
    expect(readFileSync(join(dir, "wf.json"), "utf8")).toBe(
      readFileSync(golden("n8n-workflow.json.golden"), "utf8"),
    );
  });

  test("--fix-suggestions removes the node's query row in place (golden file)", async () => {
    const dir = copyOf("n8n-workflow.json.golden", "wf.json");
    const { stderr } = await tooldeckIn(dir, ["check", "wf.json", ...SPEC, "--fix-suggestions"]);
    expect(stderr).toContain("fixed wf.json: get_events: remove queryParamsSchema.limit\n");
    expect(readFileSync(join(dir, "wf.json"), "utf8")).toBe(
      readFileSync(golden("n8n-workflow.fixed-with-suggestions.json.golden"), "utf8"),
    );
  });
});

describe("check --fix on a Flowise Custom Tool (Tools-page export)", () => {
  test("the description of a schema row says the format the service requires (golden file)", async () => {
    const dir = copyOf("custom-tool.json.golden", "create-event.json");
    const { stderr } = await tooldeckIn(dir, ["check", "create-event.json", ...SPEC, "--fix"]);
    expect(stderr).toContain(
      "fixed create-event.json: create_event: say in the description that date is an ISO 8601 date-time\n",
    );
    expect(readFileSync(join(dir, "create-event.json"), "utf8")).toBe(
      readFileSync(golden("custom-tool.fixed.json.golden"), "utf8"),
    );
  });
});
