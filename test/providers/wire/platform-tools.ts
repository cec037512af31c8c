import { formatConfigIssue } from "../../../src/config/config-issue.js";
import { loadToolConfigs } from "../../../src/config/load-tool-configs.js";
import { profileOfSource } from "../../../src/config/source-profile.js";
import { packagePath } from "../../../src/package/package-root.js";
import { createTool } from "../../../src/runtime/create-tools.js";
import type { ExecutableTool } from "../../../src/runtime/tool-result.js";

/**
 * The tools of a fixture, built as `tooldeck tools` builds them: each under its platform's profile
 * (a Flowise export under flowise, an n8n workflow under n8n).
 */
export async function fixtureTools(fixture: string): Promise<ExecutableTool[]> {
  const root = packagePath();
  const loaded = loadToolConfigs([packagePath(fixture)], { roots: [root] });
  if (loaded.errors.length > 0) throw new Error(loaded.errors.map(formatConfigIssue).join("\n"));
  const tools = await Promise.all(
    loaded.tools.map((tool) => createTool(tool.config, { profile: profileOfSource(tool) })),
  );
  return tools.flat();
}

/** One tool of a fixture, by name. */
export async function fixtureTool(fixture: string, name: string): Promise<ExecutableTool> {
  const tool = (await fixtureTools(fixture)).find((each) => each.name === name);
  if (!tool) throw new Error(`${fixture} has no tool ${name}`);
  return tool;
}

/** A Flowise request tool (free-form query parameters), a Flowise Custom Tool, an n8n `$fromAI` tool. */
export async function platformTools(): Promise<ExecutableTool[]> {
  return [
    await fixtureTool("fixtures/flowise/requests-chatflow.json", "find_events"),
    await fixtureTool("fixtures/flowise/custom-tool-agent", "update_event"),
    await fixtureTool("fixtures/n8n/event-assistant.json", "get_events"),
  ];
}
