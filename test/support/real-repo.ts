import { packagePath } from "../../src/package/package-root.js";
import { tooldeckIn } from "./run-tooldeck.js";

/** The fixture repository of issue 38's proof (`fixtures/real-repo/README.md` says what it holds). */
export const REAL_REPO = packagePath("fixtures", "real-repo");

/**
 * The planted defects of `fixtures/real-repo`, each as `rule | tool | file` (the tool as its model sees
 * it; empty for a finding on the file): its README's table, row for row.
 */
export const PLANTED: readonly string[] = [
  "undeclared-query-param | get_events | flowise/event-desk/Event Desk Agents.json",
  "body-fields | create_event | flowise/event-desk/Event Desk Agents.json",
  "flowise-variable-unresolved | create_event | flowise/event-desk/Event Desk Agents.json",
  "operation-not-found | update_event | flowise/event-desk/Event Desk Agents.json",
  "config-invalid |  | flowise/sales-assistant/Sales Assistant Chatflow.json",
  "body-fields | create_contact | flowise/sales-assistant/Sales Assistant Chatflow.json",
  "operation-not-found | log_call | flowise/sales-assistant/log_call-CustomTool.json",
  "custom-tool-global-fetch | get_forecast | flowise/export/ExportData.json",
  "custom-tool-no-timeout | post_to_channel | flowise/export/ExportData.json",
  "custom-tool-unguarded-optional | add_event | flowise/export/ExportData.json",
  "operation-not-found | Update_Event | n8n/Event Ops Agent.json",
  "n8n-literal-fromai | find_venues | n8n/Event Ops Agent.json",
  "n8n-json-template-quoting | add_note | n8n/Guest Follow-up.json",
  "path-param-unsupplied | get_contact | tools/crm.tools.yaml",
  "secret-in-config | add_contact_note | tools/crm.tools.yaml",
  "undisclosed-format | reschedule_event | tools/events.tools.yaml",
];

interface ReportedFinding {
  code: string;
  severity: "error" | "warning" | "info";
  tool: string;
  file: string;
  message: string;
}

/**
 * `tooldeck check . --format json` in the fixture repository, as a new user's first run: its exit code,
 * its findings at warning or error as `rule | tool | file` (sorted), and every finding as reported.
 */
export async function checkRealRepo() {
  const { exit, stdout } = await tooldeckIn(REAL_REPO, ["check", ".", "--format", "json"]);
  const parsed = JSON.parse(stdout) as { diagnostics: ReportedFinding[] };
  // Reports name files from the project's root, the repository holding the fixture: `fixtures/real-repo/…`.
  const inFixture = (file: string) => file.replace(/^fixtures\/real-repo\//, "");
  const report = {
    diagnostics: parsed.diagnostics.map((finding) => ({ ...finding, file: inFixture(finding.file) })),
  };
  const problems = report.diagnostics
    .filter((finding) => finding.severity !== "info")
    .map((finding) => `${finding.code} | ${finding.tool} | ${finding.file}`)
    .sort();
  return { exit, problems, diagnostics: report.diagnostics };
}
