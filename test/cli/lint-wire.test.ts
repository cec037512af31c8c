import { describe, expect, test } from "vitest";
import type { Diagnostic } from "../../src/lint/diagnostic.js";
import { hostileProject } from "../support/hostile-project.js";
import { tooldeckIn } from "../support/run-tooldeck.js";

/**
 * A request tool with a query parameter named `strict`, which ChatGoogleGenerativeAI deletes from every
 * schema it sends, at any depth: the model can never give it.
 */
const CONTACTS = `- kind: request
  method: GET
  name: get_contact
  description: Use this to get one contact by its id
  url: https://crm.example.com/v2/contacts/:contactId
  queryParamsSchema:
    strict:
      type: boolean
      in: query
      description: Match the name exactly
`;

function project(settings?: string): string {
  return hostileProject({
    "tools/contacts.yaml": CONTACTS,
    ...(settings === undefined ? {} : { "tooldeck.config.yaml": settings }),
  });
}

async function gate(dir: string, args: string[] = [], command: "lint" | "check" = "lint") {
  const run = await tooldeckIn(dir, [command, "tools/", "--provider", "gemini", "--format", "json", ...args]);
  const report = JSON.parse(run.stdout) as { diagnostics: Diagnostic[] };
  return report.diagnostics
    .filter((d) => d.code === "provider-rejects")
    .map((d) => `${d.tool}: ${d.message}`);
}

const DROPPED_STRICT = `get_contact: gemini [gemini/client-drops-parameter]: ChatGoogleGenerativeAI (@langchain/google-genai) removes the parameter queryParams.strict from the schema it sends: the model can never give it`;

describe("lint --wire", () => {
  test("--wire captured judges what ChatGoogleGenerativeAI sends: a nested parameter it deletes, which the default form keeps", async () => {
    const dir = project();
    expect(await gate(dir)).toEqual([]);
    expect(await gate(dir, ["--wire", "default"])).toEqual([]);
    expect(await gate(dir, ["--wire", "captured"])).toEqual([DROPPED_STRICT]);
  });

  test("check takes it too, probes and all", async () => {
    expect(await gate(project(), ["--wire", "captured"], "check")).toEqual([DROPPED_STRICT]);
  });

  test("wire: captured in tooldeck.config.yaml, which --wire default overrides", async () => {
    const dir = project("wire: captured\n");
    expect(await gate(dir)).toEqual([DROPPED_STRICT]);
    expect(await gate(dir, ["--wire", "default"])).toEqual([]);
  });

  test("--wire of another value: one line, exit 2", async () => {
    const run = await tooldeckIn(project(), ["lint", "tools/", "--wire", "real"]);
    expect(run).toEqual({
      exit: 2,
      stdout: "",
      stderr: "tooldeck lint: --wire must be one of default, captured, got 'real'\n",
    });
  });

  test("wire: of another value in tooldeck.config.yaml is a load error naming the file", async () => {
    const run = await tooldeckIn(project("wire: real\n"), ["lint", "tools/"]);
    expect(run.exit).toBe(2);
    expect(run.stderr).toContain("tooldeck.config.yaml");
    expect(run.stderr).toContain("wire");
  });

  test("--config-required holds wire: a pull request that sets it back to default stops the run", async () => {
    const dir = hostileProject({
      "tools/contacts.yaml": CONTACTS,
      "tooldeck.config.yaml": "wire: default\n",
      "ci/tooldeck.config.yaml": "wire: captured\n",
    });
    const run = await tooldeckIn(dir, ["lint", "tools/", "--config-required", "ci/tooldeck.config.yaml"]);
    expect(run.exit).toBe(2);
    expect(run.stderr).toBe(
      "tooldeck lint: tooldeck.config.yaml differs from --config-required ci/tooldeck.config.yaml (wire: default, required captured)\n",
    );
  });
});
