import type { LoadedTool } from "../../config/tool-config.js";
import { createTool } from "../../runtime/create-tools.js";
import type { ExecutableTool } from "../../runtime/tool-result.js";
import { toTerminalText } from "../../safe-text.js";
import { type Command, EXIT } from "../cli-io.js";
import { FLOWISE_FLAGS, FLOWISE_FLAGS_HELP, loadToolSources } from "../load-tool-sources.js";
import { parseCommandArgs } from "../parse-command-args.js";
import {
  PROJECT_FLAGS,
  PROJECT_FLAGS_HELP,
  parseProfile,
  reportLoadIssues,
  specReadOptions,
} from "../tool-options.js";

const HELP = `Usage: tooldeck tools [paths…] [options]

List each tool with its method, URL and the JSON schema the LLM is given.

Arguments:
  paths               config files or folders (default tools/)

Options:
  --profile P         standard (default) or flowise: the schema differs (Flowise shows every param as a string)
  --json              print a JSON array instead of text
${FLOWISE_FLAGS_HELP}
${PROJECT_FLAGS_HELP}
  -h, --help          show this help

Exit codes: 0 listed, 2 a config could not be loaded (the others are still listed).`;

export const toolsCommand: Command = {
  name: "tools",
  summary: "list tools and the JSON schema the LLM is given",
  help: HELP,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs("tools", args, {
      profile: { type: "string", default: "standard" },
      json: { type: "boolean", default: false },
      ...FLOWISE_FLAGS,
      ...PROJECT_FLAGS,
    });
    const profile = parseProfile(values.profile);
    const read = specReadOptions(values, positionals);
    const loaded = reportLoadIssues("tools", await loadToolSources(positionals, values, io, read.roots), io);
    const listed: { tool: ExecutableTool; source: LoadedTool["source"] }[] = [];
    let failed = loaded.errors.length > 0;
    for (const { config, source } of loaded.tools) {
      try {
        const tools = await createTool(config, { profile, ...read });
        listed.push(...tools.map((tool) => ({ tool, source })));
      } catch (error) {
        const where = `${source.file}${source.path ? `: ${source.path}` : ""}`;
        io.stderr(`tooldeck tools: ${toTerminalText(`${where}: ${(error as Error).message}`)}\n`);
        failed = true;
      }
    }
    io.stdout(
      // A config's description is the pull request author's text: shown, never obeyed by the terminal.
      values.json
        ? `${JSON.stringify(listed.map(toJson), null, 2)}\n`
        : toTerminalText(listed.map(toText).join("\n")),
    );
    return failed ? EXIT.usage : EXIT.ok;
  },
};

function toJson({ tool, source }: { tool: ExecutableTool; source: LoadedTool["source"] }) {
  return {
    name: tool.name,
    description: tool.description,
    method: tool.endpoint?.method,
    url: tool.endpoint?.url,
    file: source.file,
    path: source.path,
    inputSchema: tool.inputSchema,
  };
}

function toText({ tool, source }: { tool: ExecutableTool; source: LoadedTool["source"] }): string {
  const where = `${source.file}${source.path ? ` ${source.path}` : ""}`;
  const endpoint = tool.endpoint ? `${tool.endpoint.method} ${tool.endpoint.url}` : "";
  const schema = JSON.stringify(tool.inputSchema, null, 2).replace(/^/gm, "    ");
  return `${tool.name}  ${endpoint}  (${where})\n  ${tool.description}\n${schema}\n`;
}
