import type { Diagnostic, Severity } from "../../lint/diagnostic.js";
import type { CheckReport, RuleInfo, ToolReport } from "../../lint/report.js";
import type { VerifiedCall, VerifyResult } from "./verify-cassettes.js";

/** What `verify` reports, as rules: a report reads (and SARIF lists) them like check's. */
export const CONTRACT_RULES: readonly RuleInfo[] = [
  {
    id: "contract-status",
    severity: "error",
    description: "the provider answers a recorded call with another status class than the agent relied on",
    docs: "A tool's recorded call was answered 2xx (or 4xx) and the agent went on from that answer; the provider now answers with another class: an operation removed or moved (404), a method no longer allowed (405), a new required field (400/422), an auth change (401/403).",
  },
  {
    id: "contract-shape",
    severity: "error",
    description:
      "the provider's answer lacks a field, or holds another type, where every recorded answer had it",
    docs: "The shape the agent relied on is merged over every recorded answer of the same tool, method and status class: fields every answer carried, with their types. A field renamed or removed, or a number now sent as text, changes what the model reads. Values (ids, dates) are never compared, and new fields break nothing.",
  },
  {
    id: "contract-unreachable",
    severity: "error",
    description: "the provider did not answer a recorded call",
    docs: "The connection failed or was reset: the agent's call would fail the same way.",
  },
  {
    id: "contract-not-verified",
    severity: "info",
    description: "a recorded call was not replayed, and why",
    docs: "Writes are replayed only with --allow-writes (against a test instance), and the calls after a write that was not are not replayed either: they would meet another state. A call that needs a secret the recording redacted needs --var or --header; a cassette whose provider state has no setup in --states FILE is not replayed.",
  },
];

/**
 * The verdicts as a check report: one finding per broken (error) or unreplayed (info) call, on its tool
 * in its cassette, so every format `check` writes (stylish, json, junit, sarif, github, html) writes it.
 */
export function toCheckReport(result: VerifyResult): CheckReport {
  const tools = new Map<string, ToolReport>();
  const diagnostics: Diagnostic[] = [];
  for (const call of result.calls) {
    const key = `${call.file}\u0000${call.tool}`;
    if (!tools.has(key)) tools.set(key, { name: call.tool, file: call.file, path: `calls[${call.index}]` });
    const finding = findingOf(call);
    if (finding) diagnostics.push(finding);
  }
  return { profile: "standard", tools: [...tools.values()], diagnostics, customRules: [...CONTRACT_RULES] };
}

function findingOf(call: VerifiedCall): Diagnostic | undefined {
  const { verdict } = call;
  if (verdict.kind === "kept") return undefined;
  const code = verdict.kind === "broken" ? `contract-${verdict.why}` : "contract-not-verified";
  const severity: Severity = verdict.kind === "broken" ? "error" : "info";
  return {
    code,
    severity,
    tool: call.tool,
    file: call.file,
    path: `calls[${call.index}]`,
    message: verdict.message,
  };
}
