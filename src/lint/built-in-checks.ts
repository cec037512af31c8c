import type { RuleInfo } from "./report.js";

/** Metadata of the probes and load checks, beside the rules, for SARIF and for settings. */
export const BUILT_IN_CHECKS: readonly RuleInfo[] = [
  {
    id: "probe",
    severity: "error",
    otherSeverities: ["warning", "info"],
    description: "the tool's call against the emulator (or --base-url) fails or answers off its description",
    docs: "Each tool is called once with valid-looking arguments; a failed call or a non-2xx answer is an error with the evidence, and with a spec an undocumented status or an answer off its schema is a warning.",
  },
  {
    id: "no-spec",
    severity: "info",
    description:
      "tools whose requests go to a host no OpenAPI description of the run names, so nothing compared them",
    docs: "Said once per host, naming its tools: each description judges only the tools of its own API (its servers' hosts, or those apis: names), so a tool calling another service is not compared, and is probed only with --live.",
  },
  {
    id: "config-invalid",
    severity: "error",
    description: "a config that cannot be loaded",
    docs: "The file or entry is not a valid tool config; the message names the JSON path.",
  },
  {
    id: "config-warning",
    severity: "warning",
    description: "a config that loads, but not as its author likely meant",
    docs: "Flowise's silent fallbacks: an unparsable schema, an empty URL.",
  },
  {
    id: "config-note",
    severity: "info",
    description: "a part of an export that tooldeck reads but does not model",
    docs: "An n8n workflow's node wired to an agent that is no HTTP tool tooldeck models (Gmail, a sub-agent, an MCP client tool): said, never dropped in silence.",
  },
];
