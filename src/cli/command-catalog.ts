import type { Command, CommandInfo } from "./cli-io.js";
import { AGENT_INFO } from "./help/agent-help.js";
import { CALL_INFO } from "./help/call-help.js";
import { CHECK_INFO, LINT_INFO } from "./help/check-help.js";
import { DIFF_INFO } from "./help/diff-help.js";
import { EXPORT_INFO } from "./help/export-help.js";
import { IMPORT_INFO } from "./help/import-help.js";
import { INFER_INFO } from "./help/infer-help.js";
import { INIT_INFO } from "./help/init-help.js";
import { MCP_INFO } from "./help/mcp-help.js";
import { MERGE_REPORTS_INFO } from "./help/merge-reports-help.js";
import { PROXY_INFO } from "./help/proxy-help.js";
import { RUN_INFO } from "./help/run-help.js";
import { SERVE_INFO } from "./help/serve-help.js";
import { TOOLS_INFO } from "./help/tools-help.js";
import { VERIFY_INFO } from "./help/verify-help.js";

/** A command as the CLI knows it before it runs: its texts, and how to load what it does. */
export interface CatalogEntry extends CommandInfo {
  load(): Promise<Command>;
  /**
   * The command loads the platforms it needs itself (those whose files it reads: `lint`, `check`); every
   * other command runs with every platform loaded.
   */
  loadsPlatforms?: true;
}

/**
 * Every command, in the order `tooldeck --help` lists them. Names, summaries and help texts are
 * static; a command's code (and LangChain, the emulators, ajv… that it needs) is imported only when
 * that command runs, so `tooldeck --help` and `tooldeck lint` start fast.
 */
export const COMMAND_CATALOG: readonly CatalogEntry[] = [
  {
    ...CHECK_INFO,
    load: async () => (await import("./commands/check.js")).checkCommand,
    loadsPlatforms: true,
  },
  { ...LINT_INFO, load: async () => (await import("./commands/check.js")).lintCommand, loadsPlatforms: true },
  { ...TOOLS_INFO, load: async () => (await import("./commands/tools.js")).toolsCommand },
  { ...CALL_INFO, load: async () => (await import("./commands/call.js")).callCommand },
  { ...AGENT_INFO, load: async () => (await import("./commands/agent.js")).agentCommand },
  { ...RUN_INFO, load: async () => (await import("./commands/run.js")).runCommand },
  { ...VERIFY_INFO, load: async () => (await import("./commands/verify.js")).verifyCommand },
  {
    ...MERGE_REPORTS_INFO,
    load: async () => (await import("./commands/merge-reports.js")).mergeReportsCommand,
  },
  { ...SERVE_INFO, load: async () => (await import("./commands/serve.js")).serveCommand },
  { ...MCP_INFO, load: async () => (await import("./commands/mcp.js")).mcpCommand },
  { ...PROXY_INFO, load: async () => (await import("./commands/proxy.js")).proxyCommand },
  { ...DIFF_INFO, load: async () => (await import("./commands/diff.js")).diffCommand },
  { ...INFER_INFO, load: async () => (await import("./commands/infer.js")).inferCommand },
  { ...EXPORT_INFO, load: async () => (await import("./commands/export.js")).exportCommand },
  { ...IMPORT_INFO, load: async () => (await import("./commands/import.js")).importCommand },
  { ...INIT_INFO, load: async () => (await import("./commands/init.js")).initCommand },
];

/** The catalog's command of that name, if there is one. */
export function findCommand(name: string | undefined): CatalogEntry | undefined {
  return COMMAND_CATALOG.find((candidate) => candidate.name === name);
}
